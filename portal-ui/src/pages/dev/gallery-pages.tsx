import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FIELD_RULE_MESSAGES } from '@stageplein/contracts/validation/field-rules';
import { SHADE_KEYS, THEME_COLOR_NAMES } from '@stageplein/contracts/tenants/tenant.types';
import { loadingBar } from '@stageplein/design-system/components/loading-bar/loading-bar.tsx';
import { Modal } from '@stageplein/design-system/components/modal.tsx';
import { PerPageSelect } from '@stageplein/design-system/components/per-page-select.tsx';
import { SidePanel } from '@stageplein/design-system/components/side-panel.tsx';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { DateField } from '@stageplein/design-system/forms/date-field.tsx';
import { rules } from '@stageplein/design-system/forms/field-rules.ts';
import {
  CheckboxField,
  FormAlert,
  RadioGroup,
  SelectField,
  SubmitButton,
  TextField,
} from '@stageplein/design-system/forms/fields.tsx';
import { useForm } from '@stageplein/design-system/forms/use-form.ts';
import { AA_NORMAL_TEXT, contrastRatio, WHITE } from '@stageplein/contracts/tenants/contrast';
import { useTenant } from '../../tenant/tenant-context.ts';
import { Page, useRouteTitle } from '../page-kit.tsx';
import { StepFormDemo } from './step-form-demo.tsx';

/** The gallery's pages, linked from `/dev`. */
export const GALLERY_LINKS = [
  '/dev/colors',
  '/dev/components',
  '/dev/form',
  '/dev/modal',
  '/test/auth',
  '/test/colors',
  '/test/datepicker',
  '/test/dollar-api',
  '/test/dupe',
  '/test/form',
  '/test/formbuilder',
  '/test/sentry',
  '/test/server-error',
  '/test/stagedoos_fields',
  '/test/step-form',
  '/test/step-form-2',
  '/test/tiptap',
  '/test/toaster',
  '/test/user',
  '/test/user-store',
] as const;

/** `/dev`: the living style guide of @stageplein/design-system and its test beds. */
export function DevIndexPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <Page title={title} lead={t('gallery:lead')} testId="dev-index">
      <ul className="gallery-links">
        {GALLERY_LINKS.map((path) => (
          <li key={path}>
            <Link to={path}>{path}</Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}

const ratioText = (ratio: number) => `${ratio.toFixed(2)}:1`;

/**
 * `/dev/colors` (and `/test/colors`): the tenant's palette, 11 shades per colour, with the WCAG
 * contrast of white and of the darkest neutral text on each shade (design-system `contrastRatio`).
 */
export function DevColorsPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const { theme, name } = useTenant();
  const dark = theme.colors.neutral['950'];
  return (
    <Page title={title} lead={t('gallery:colorsLead', { tenant: name })} testId="dev-colors">
      {THEME_COLOR_NAMES.map((color) => (
        <section key={color} className="gallery-section" aria-labelledby={`palette-${color}`}>
          <h2 id={`palette-${color}`}>{color}</h2>
          <ul className="palette">
            {SHADE_KEYS.map((shade) => {
              const hex = theme.colors[color][shade];
              return (
                <li key={shade} className="palette__shade" data-testid={`shade-${color}-${shade}`}>
                  <span className="palette__swatch" style={{ background: hex }} aria-hidden="true" />
                  <span className="palette__name">
                    {shade} <code>{hex}</code>
                  </span>
                  {(
                    [
                      ['white', WHITE],
                      ['dark', dark],
                    ] as const
                  ).map(([label, text]) => {
                    const ratio = contrastRatio(text, hex);
                    const pass = ratio >= AA_NORMAL_TEXT;
                    return (
                      <span key={label} className="palette__ratio" data-pass={pass}>
                        {t(`gallery:textOn.${label}`)}: {ratioText(ratio)}{' '}
                        {pass ? t('gallery:aaPass') : t('gallery:aaFail')}
                      </span>
                    );
                  })}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </Page>
  );
}

/** `/dev/components`: every component of the design system in every state. */
export function DevComponentsPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const form = useForm({
    empty: '',
    filled: 'Jan de Vries',
    invalid: 'abc',
    disabled: 'Stageplein',
    choice: 'a',
    agree: true,
    radio: 'a',
    date: '2026-05-01',
  });
  const [panel, setPanel] = useState(false);
  const [modal, setModal] = useState(false);
  const [perPage, setPerPage] = useState(25);
  const options = [
    { value: 'a', label: t('gallery:optionA') },
    { value: 'b', label: t('gallery:optionB') },
  ];
  const noSubmit = (e: FormEvent) => e.preventDefault();
  return (
    <Page title={title} lead={t('gallery:componentsLead')} testId="dev-components">
      <section className="gallery-section" aria-labelledby="g-buttons">
        <h2 id="g-buttons">{t('gallery:buttons')}</h2>
        <div className="actions">
          <button type="button" className="btn">
            {t('gallery:buttonDefault')}
          </button>
          <button type="button" className="btn btn--primary">
            {t('gallery:buttonPrimary')}
          </button>
          <button type="button" className="btn btn--neutral">
            {t('gallery:buttonNeutral')}
          </button>
          <button type="button" className="btn btn--primary" aria-disabled="true">
            {t('gallery:buttonDisabled')}
          </button>
        </div>
        <form className="actions" onSubmit={noSubmit} aria-label={t('gallery:submitButtons')}>
          <SubmitButton pending={false} testId="submit-idle">
            {t('gallery:submitIdle')}
          </SubmitButton>
          <SubmitButton pending testId="submit-busy">
            {t('gallery:submitBusy')}
          </SubmitButton>
        </form>
      </section>

      <section className="gallery-section" aria-labelledby="g-fields">
        <h2 id="g-fields">{t('gallery:fields')}</h2>
        <form className="form" onSubmit={noSubmit} noValidate>
          <TextField label={t('gallery:fieldEmpty')} field={form.bind('empty')} />
          <TextField label={t('gallery:fieldFilled')} field={form.bind('filled')} required />
          <TextField
            label={t('gallery:fieldInvalid')}
            field={{ ...form.bind('invalid'), error: t(FIELD_RULE_MESSAGES.phoneNumber) }}
            hint={t('gallery:phoneHint')}
            required
          />
          <TextField
            label={t('gallery:fieldRequiredInvalid')}
            field={{ ...form.bind('empty'), name: 'required', error: t('validation.required') }}
            required
          />
          <TextField label={t('gallery:fieldDisabled')} field={form.bind('disabled')} disabled />
          <SelectField label={t('gallery:select')} field={form.bind('choice')} options={options} />
          <CheckboxField label={t('gallery:checkbox')} field={form.bind('agree')} />
          <RadioGroup legend={t('gallery:radio')} field={form.bind('radio')} options={options} />
          <DateField label={t('gallery:date')} field={form.bind('date')} />
          <PerPageSelect label={t('gallery:perPage')} value={perPage} onChange={setPerPage} />
        </form>
      </section>

      <section className="gallery-section" aria-labelledby="g-alerts">
        <h2 id="g-alerts">{t('gallery:alerts')}</h2>
        {(['info', 'success', 'warning', 'error'] as const).map((tone) => (
          <FormAlert key={tone} tone={tone} title={t(`gallery:alert.${tone}`)} testId={`alert-${tone}`}>
            {t('portal.test.message')}
          </FormAlert>
        ))}
      </section>

      <section className="gallery-section" aria-labelledby="g-overlays">
        <h2 id="g-overlays">{t('gallery:overlays')}</h2>
        <div className="actions">
          <button
            type="button"
            className="btn btn--neutral"
            onClick={() =>
              toast.add({ color: 'success', title: t('toast.success'), message: t('portal.test.message') })
            }
          >
            {t('gallery:showToast')}
          </button>
          <button
            type="button"
            className="btn btn--neutral"
            onClick={() => {
              loadingBar.start();
              window.setTimeout(() => loadingBar.finish(), 1500);
            }}
          >
            {t('gallery:showLoadingBar')}
          </button>
          <button type="button" className="btn btn--neutral" onClick={() => setPanel(true)}>
            {t('gallery:openSidePanel')}
          </button>
          <button type="button" className="btn btn--neutral" onClick={() => setModal(true)}>
            {t('gallery:openModal')}
          </button>
        </div>
        <SidePanel open={panel} onClose={() => setPanel(false)} title={t('gallery:sidePanel')} side="right">
          <p>{t('portal.test.message')}</p>
        </SidePanel>
        <Modal
          open={modal}
          title={t('gallery:modalTitle')}
          closeLabel={t('gallery:close')}
          onClose={() => setModal(false)}
        >
          <p>{t('gallery:modalBody')}</p>
        </Modal>
      </section>

      <section className="gallery-section" aria-labelledby="g-steps">
        <h2 id="g-steps">{t('gallery:stepForm')}</h2>
        <StepFormDemo />
      </section>
    </Page>
  );
}

/** `/dev/form` (and `/test/form`): spec §5 validation, on blur and on submit, first failing rule. */
export function DevFormPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [sent, setSent] = useState(false);
  const form = useForm(
    { name: '', email: '', phone: '', start: '', end: '' },
    {
      name: [rules.required(), rules.minLength(2)],
      email: [rules.required(), rules.email()],
      phone: [rules.phoneNumber()],
      start: [rules.required()],
      end: [rules.required(), rules.notBefore('start')],
    },
  );
  return (
    <Page title={title} lead={t('gallery:formLead')} testId="dev-form">
      <form
        className="form card"
        noValidate
        onSubmit={form.handleSubmit(() => {
          setSent(true);
        })}
      >
        {sent && (
          <FormAlert tone="success" testId="form-sent">
            {t('gallery:formValid')}
          </FormAlert>
        )}
        <TextField label={t('gallery:name')} field={form.bind('name')} required autoComplete="name" />
        <TextField
          label={t('gallery:email')}
          field={form.bind('email')}
          type="email"
          required
          autoComplete="email"
        />
        <TextField
          label={t('gallery:phone')}
          field={form.bind('phone')}
          type="tel"
          hint={t('gallery:phoneHint')}
          autoComplete="tel"
        />
        <DateField label={t('gallery:startDate')} field={form.bind('start')} required />
        <DateField label={t('gallery:endDate')} field={form.bind('end')} required />
        <div className="form__actions">
          <SubmitButton pending={form.submitting} testId="form-submit">
            {t('gallery:check')}
          </SubmitButton>
        </div>
      </form>
    </Page>
  );
}

/** `/dev/modal`: the modal's behaviour (focus moves in and is kept, Escape closes, focus returns). */
export function DevModalPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const [open, setOpen] = useState(false);
  const [closed, setClosed] = useState(0);
  const close = () => {
    setOpen(false);
    setClosed((n) => n + 1);
  };
  return (
    <Page title={title} lead={t('gallery:modalLead')} testId="dev-modal">
      <div className="actions">
        <button
          type="button"
          className="btn btn--primary"
          data-testid="open-modal"
          onClick={() => setOpen(true)}
        >
          {t('gallery:openModal')}
        </button>
      </div>
      <p role="status" data-testid="modal-closed" data-count={closed}>
        {t('gallery:modalClosed', { count: closed })}
      </p>
      <Modal open={open} title={t('gallery:modalTitle')} closeLabel={t('gallery:close')} onClose={close}>
        <p>{t('gallery:modalBody')}</p>
        <div className="field">
          <label htmlFor="modal-note">{t('gallery:note')}</label>
          <input id="modal-note" className="field__input" data-testid="modal-input" />
        </div>
        <div className="form__actions">
          <button type="button" className="btn btn--neutral" onClick={close} data-testid="modal-cancel">
            {t('gallery:cancel')}
          </button>
          <button type="button" className="btn btn--primary" onClick={close} data-testid="modal-confirm">
            {t('gallery:confirm')}
          </button>
        </div>
      </Modal>
    </Page>
  );
}
