import { openSecret as open, sealSecret as seal } from '@stageplein/kit/auth/sealed-secret';

/** A roster connection's client secret at rest (kit's sealed secret, under this purpose's own key). */
const PURPOSE = 'roster-connection-secret';

export const sealSecret = (secret: string, installationSecret: string) =>
  seal(secret, installationSecret, PURPOSE);

export const openSecret = (sealed: string, installationSecret: string) =>
  open(sealed, installationSecret, PURPOSE);
