import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
// zod's default messages in the spec's wording, before any form validates.
import '../common/zod-messages';
import { INSTALLER_MARKER } from '../common/installer';
import { loadInstaller } from './components/installer/installer-loader';
import { restoreFormState, watchChunkFailures } from './lib/reload-guard';

watchChunkFailures();

/** Once React is attached (root.tsx marks it), what a chunk-failure reload kept goes back into the form. */
function restoreWhenHydrated(triesLeft = 100) {
  if (document.documentElement.dataset.hydrated) restoreFormState();
  else if (triesLeft > 0) setTimeout(() => restoreWhenHydrated(triesLeft - 1), 50);
}

async function hydrate() {
  // An installer page needs its lazily loaded code before hydrating, or it would go blank meanwhile.
  if (document.querySelector(`[${INSTALLER_MARKER}]`)) await loadInstaller();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
  restoreWhenHydrated();
}

void hydrate();
