import type { CustomerLanguage } from '@chatdesk/contract/customer-texts';
import { Box, Container } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { PageLanguageProvider, pageLanguage } from '../lib/page-language';
import {
  browserLanguage,
  LanguageSwitch,
  storedLanguage,
  storeLanguage,
  useDocumentLanguage,
} from './language-switch';

/**
 * A customer's page in their language: the one they chose here before, else their browser's
 * (Spanish or English), with a switch at the top.
 */
export function CustomerPage({
  className,
  size = 'lg',
  children,
}: {
  className?: string | undefined;
  /** The column's width: the booking pages' wide one, or a narrower one for a single card. */
  size?: 'lg' | number;
  children: ReactNode;
}) {
  const [chosen, setChosen] = useState<CustomerLanguage | null>(storedLanguage);
  const language = chosen ?? browserLanguage();
  useDocumentLanguage(language);
  return (
    <PageLanguageProvider value={pageLanguage(language)}>
      <Box component="main" className={className}>
        <Container size={size} px={{ base: 'sm', sm: 'md' }} py={{ base: 'md', sm: 48 }}>
          <LanguageSwitch
            onChange={(next) => {
              storeLanguage(next);
              setChosen(next);
            }}
          />
          {children}
        </Container>
      </Box>
    </PageLanguageProvider>
  );
}
