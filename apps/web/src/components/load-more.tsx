import { Button, Center } from '@mantine/core';
import { useEffect, useRef } from 'react';

type LoadMoreProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/**
 * The end of a paged list: scrolling near it loads the next page, and the button does the same
 * for keyboards, screen readers and browsers without IntersectionObserver. Nothing after the last page.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    // Observed anew after each page, so a page too short to fill the screen still leads to the next.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          void fetchNextPage();
        }
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <Center ref={sentinel} py="md">
      <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
        Load more
      </Button>
    </Center>
  );
}
