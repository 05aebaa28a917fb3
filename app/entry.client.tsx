import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { INSTALLER_MARKER, loadInstaller } from './components/installer/installer-loader';

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
}

void hydrate();
