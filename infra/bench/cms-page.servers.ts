// Benchmark servers for a CMS page as HTML: `gateway` (the product's full path: the gateway serves the
// portal's index.html with the page's content, title, SEO description, main menu and data, asking the
// content API through itself) or `bare` (Fastify + pg reading the same published revision and putting
// its title and HTML into the same index.html, nothing else).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { UI_DIRS } from '@stageplein/gateway/ui-dirs';
import { serveForBench, serveGatewayForBench } from './bench-lib.ts';

const [mode, ownerUrl] = process.argv.slice(2) as [string, string];

/** The live revision of a page in a language, else nl (as content's repository chooses it). */
const PAGE_SQL = `
  select r.title, r.seo_description, r.body_html
  from content.pages p
  join content.page_locales l on l.page_id = p.id and l.published_revision_id is not null
  join content.page_revisions r on r.id = l.published_revision_id
  where p.tenant_id = $1 and p.slug = $2 and l.locale in ($3, 'nl')
  order by (l.locale = $3) desc
  limit 1`;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

if (mode === 'gateway') {
  await serveGatewayForBench(ownerUrl);
} else if (mode === 'gateway-uncached') {
  // Every request asks content (page and menu) again: what the render cache saves.
  await serveGatewayForBench(ownerUrl, { CMS_RENDER_CACHE_SECONDS: '0' });
} else {
  const template = readFileSync(path.join(UI_DIRS.portal, 'index.html'), 'utf8');
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 10 });
  const app = Fastify();
  app.get<{ Params: { slug: string } }>('/:slug', async (req, reply) => {
    const tenant = String(req.headers['x-tenant']);
    const lang = String(req.headers['accept-language'] ?? 'nl').startsWith('en') ? 'en' : 'nl';
    const { rows } = await pool.query(PAGE_SQL, [tenant, req.params.slug, lang]);
    const row = rows[0] as { title: string; seo_description: string | null; body_html: string } | undefined;
    if (!row) return reply.status(404).send('not found');
    const html = template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escape(row.title)}</title>`)
      .replace(
        '</head>',
        () => `<meta name="description" content="${escape(row.seo_description ?? '')}"></head>`,
      )
      .replace(
        '<div id="root"></div>',
        () => `<div id="root"><main><h1>${escape(row.title)}</h1>${row.body_html}</main></div>`,
      );
    return reply.type('text/html; charset=utf-8').send(html);
  });
  await serveForBench(app, () => pool.end());
}
