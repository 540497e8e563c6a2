// First: zod's eval probe is switched off before any game module builds a schema (see no-eval.ts).
import '../no-eval';
import type { ReactNode } from 'react';
import { Box, Container } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from '@tanstack/react-router';
import { BroodLogo } from '../components/brand';
import { HeaderPage } from '../components/shell/header-page';
import { HallOfFameEntryPage } from '../features/hall-of-fame';
import { useAuthStore } from '../stores/auth-store';
import { AuthenticatedLayout } from './authenticated-layout';

/** A visitor's frame: the brand above the page (no game header: there is no session). */
function VisitorPage({ children }: { children: ReactNode }) {
  return (
    <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Box mb="md">
        <BroodLogo size={32} />
      </Box>
      {children}
    </Container>
  );
}

/** /hall-of-fame/<id>: the page a shared Hall of Fame link opens, for players (in the game's shell) and visitors alike. */
export function HallOfFameEntryRoute() {
  const { entryId } = useParams({ strict: false });
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const id = Number(entryId);
  useDocumentTitle(`Hall of Fame ${entryId ?? ''} · Broodspace`);
  const page = <HallOfFameEntryPage entryId={Number.isSafeInteger(id) && id > 0 ? id : 0} />;
  if (!signedIn) return <VisitorPage>{page}</VisitorPage>;
  return (
    <AuthenticatedLayout>
      <HeaderPage>{page}</HeaderPage>
    </AuthenticatedLayout>
  );
}
