import type { z } from 'zod';
import type {
  TContractTemplateResource,
  TContractTemplateVersionResource,
  ZContractPreviewDocument,
  ZContractTemplateCollection,
  ZContractTemplateDocument,
} from '@stageplein/contracts/internship-contracts/contract-schemas';
import { versionLinks } from '@stageplein/kit/versioned/versioned-document';
import type { TTemplateRow, TTemplateVersionRow, TTemplateWithVersions } from './templates.repository.ts';

export function templateResource(view: TTemplateWithVersions): TContractTemplateResource {
  const t = view.template;
  const versions = versionLinks('contract_template_version', view);
  return {
    type: 'contract_template',
    id: t.id,
    attributes: {
      name: t.name,
      school_id: t.school_id,
      ...versions.attributes,
      created_at: t.created_at.toISOString(),
      updated_at: t.updated_at.toISOString(),
    },
    relationships: versions.relationships,
  };
}

export function templateVersionResource(
  v: TTemplateVersionRow,
  t: TTemplateRow,
): TContractTemplateVersionResource {
  return {
    type: 'contract_template_version',
    id: v.id,
    attributes: {
      template_id: t.id,
      school_id: t.school_id,
      name: t.name,
      version: v.version,
      state: v.state,
      body_nl: v.body_nl,
      body_en: v.body_en,
      company_fields: v.company_fields,
      signers: v.signers,
      published_at: v.published_at?.toISOString() ?? null,
      created_at: v.created_at.toISOString(),
      updated_at: v.updated_at.toISOString(),
    },
    relationships: { template: { data: { type: 'contract_template', id: t.id } } },
  };
}

/** One template with its published version and draft included. */
export function templateDocument(view: TTemplateWithVersions): z.infer<typeof ZContractTemplateDocument> {
  const included = [view.published, view.draft].flatMap((v) =>
    v ? [templateVersionResource(v, view.template)] : [],
  );
  return { data: templateResource(view), included };
}

export const templateCollection = (
  views: TTemplateWithVersions[],
): z.infer<typeof ZContractTemplateCollection> => ({
  data: views.map(templateResource),
  meta: { total: views.length },
});

export const previewDocument = (
  id: string,
  p: { html_nl: string; html_en: string; variables: Record<string, string | null> },
): z.infer<typeof ZContractPreviewDocument> => ({
  data: {
    type: 'contract_preview',
    id,
    attributes: { html_nl: p.html_nl, html_en: p.html_en, variables: p.variables },
  },
});
