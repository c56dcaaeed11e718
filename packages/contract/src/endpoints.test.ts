import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ApiRoute, apiRoutes } from './api-routes.ts';
import { type Endpoint, endpoints } from './endpoints.ts';

function entries<T extends ApiRoute>(table: Record<string, Record<string, T>>) {
  return Object.entries(table).flatMap(([domain, group]) =>
    Object.entries(group).map(([name, route]) => ({ name: `${domain}.${name}`, route })),
  );
}

const routes = entries<ApiRoute>(apiRoutes);
const schemas = entries<Endpoint>(endpoints);

describe('the endpoint table', () => {
  it('gives every route its schemas, with the same method and path', () => {
    for (const { name, route } of routes) {
      const endpoint = schemas.find((item) => item.name === name)?.route;
      expect(endpoint, name).toBeDefined();
      expect({ method: endpoint?.method, path: endpoint?.path }, name).toEqual(route);
      expect(endpoint?.response, name).toBeInstanceOf(z.ZodType);
    }
  });

  it('has no schemas without a route', () => {
    expect(schemas.map((item) => item.name)).toEqual(routes.map((item) => item.name));
  });

  it('names each method and path once', () => {
    const keys = routes.map(({ route }) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('validates exactly the parameters its path names', () => {
    for (const { name, route } of schemas) {
      const inPath = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const inSchema = route.params instanceof z.ZodObject ? Object.keys(route.params.shape).sort() : [];
      expect(inSchema, name).toEqual(inPath);
    }
  });
});
