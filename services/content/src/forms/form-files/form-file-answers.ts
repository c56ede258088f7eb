import type { z } from 'zod';
import { formFields, type TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import type { TDb } from '../../shared/request.ts';
import { findUnusedFormFile } from './form-files.repository.ts';

/**
 * The file answers of a submission: each must name a file uploaded for this form's same question that
 * no submission has named (locked until the transaction ends). Answers the issues, and the ids to
 * attach once the submission is stored.
 */
export async function checkFileAnswers(
  db: TDb,
  formId: string,
  definition: TFormDefinition,
  answers: Record<string, unknown>,
): Promise<{ issues: z.core.$ZodIssue[]; ids: string[] }> {
  const issues: z.core.$ZodIssue[] = [];
  const ids: string[] = [];
  for (const { field } of formFields(definition)) {
    const id = answers[field.id];
    if (field.type !== 'file_upload' || typeof id !== 'string') continue;
    if (await findUnusedFormFile(db, formId, field.id, id)) ids.push(id);
    else
      issues.push({
        code: 'custom',
        path: [field.id],
        message: 'Unknown or used file',
        input: id,
        params: { i18nKey: 'validation.fileUnknown' },
      });
  }
  return { issues, ids };
}
