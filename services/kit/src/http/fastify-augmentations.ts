// Kit's Fastify augmentations (request.db/tenant/auth/span, swagger's schema fields) as side-effect
// imports: declaration files keep those, not type-only or value imports, so every package that is
// type-checked against kit's declarations (tsc -b, project references) sees them too.
import '@fastify/swagger';
import './http-app.ts';
import './proxy-trust.ts';
import '../tenant/tenant.plugin.ts';
import '../db/tenant-transaction.plugin.ts';
import '../auth/auth.plugin.ts';
import '../telemetry/telemetry.ts';
