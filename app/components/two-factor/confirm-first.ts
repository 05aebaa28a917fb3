import { createContext, useContext } from 'react';

/**
 * Runs a change to the account's own recovery (factors, recovery codes, address). Inside the
 * profile (`ConfirmIdentityProvider`, ./confirm-identity.tsx), when the server answers that the
 * session must confirm who it is first (403 `data.confirmIdentity`, F-46), it asks for the
 * password or a code, then runs the change again; elsewhere the change runs as is.
 */
export type ConfirmFirst = <T>(run: () => Promise<T>) => Promise<T>;

export const ConfirmContext = createContext<ConfirmFirst>((run) => run());

export function useConfirmFirst(): ConfirmFirst {
  return useContext(ConfirmContext);
}
