import { SERVICE_PREFIXES, type TServiceName } from '@stageplein/contracts/routes/service-prefixes';
import type { TConfig } from '@stageplein/kit/config/config';

/** Distributed profile: each service whose *_URL is set gets its prefixes proxied there. */
export function upstreamsFrom(config: TConfig): { prefixes: readonly string[]; url: string }[] {
  const urls: Record<TServiceName, string | undefined> = {
    identity: config.IDENTITY_URL,
    organizations: config.ORGANIZATIONS_URL,
    content: config.CONTENT_URL,
    placements: config.PLACEMENTS_URL,
    notifications: config.NOTIFICATIONS_URL,
  };
  return (Object.keys(SERVICE_PREFIXES) as TServiceName[]).flatMap((name) => {
    const url = urls[name];
    return url ? [{ prefixes: SERVICE_PREFIXES[name], url }] : [];
  });
}
