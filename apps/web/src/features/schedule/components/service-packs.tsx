import type { PublicPack } from '@chatdesk/contract/packs';
import { Button } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PacksOffer } from '../../../components/packs-offer';
import { useBookingTexts } from '../../../lib/page-language';
import { usePublicPacks } from '../packs-api';
import classes from '../schedule.module.css';

// The purchase's modal (its focus trap, scroll lock and card forms) loads when a pack is chosen,
// not with the booking page: it kept the page's first load over its 150 KB budget.
const BuyPackDialog = lazy(() => import('./buy-pack-dialog').then((m) => ({ default: m.BuyPackDialog })));

/** A service's packs of sessions, beside booking one session; nothing when it has none. */
export function ServicePacks({ serviceName, serviceId }: { serviceName: string; serviceId: string }) {
  const texts = useBookingTexts();
  const packs = usePublicPacks(serviceId);
  const [buying, setBuying] = useState<PublicPack | null>(null);
  // A pack chosen on the business's booking page (`?pack=`) opens its purchase, once.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedPack = searchParams.get('pack');
  useEffect(() => {
    if (!linkedPack || !packs.data) return;
    const found = packs.data.find((pack) => pack.id === linkedPack);
    if (found) setBuying(found);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('pack');
        return next;
      },
      { replace: true },
    );
  }, [linkedPack, packs.data, setSearchParams]);
  if (!packs.data || packs.data.length === 0) return null;
  return (
    <PacksOffer
      packs={packs.data}
      className={classes.serviceBar}
      action={(pack) => (
        <Button
          variant="light"
          size="sm"
          onClick={() => setBuying(pack)}
          aria-label={texts.buyPack(pack.name)}
          style={{ flexShrink: 0 }}
        >
          {texts.buy}
        </Button>
      )}
    >
      {buying ? (
        <Suspense fallback={null}>
          <BuyPackDialog pack={buying} serviceName={serviceName} onClose={() => setBuying(null)} />
        </Suspense>
      ) : null}
    </PacksOffer>
  );
}
