import { useTranslation } from 'react-i18next';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import type { TInternshipViewer } from '@stageplein/contracts/placements/internship-policy';
import { useSession } from '../../session/session-context.ts';
import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import { INTERNSHIPS_NAMESPACE, registerInternshipMessages } from './internship-messages.ts';
import './internships.css';

/** `t` of the `internships` namespace (these screens' own texts, both languages in their chunk). */
export function useInternshipTexts() {
  const { t, i18n } = useTranslation(INTERNSHIPS_NAMESPACE);
  registerInternshipMessages(i18n);
  return t;
}

/** The signed-in user as the internship policy sees them (contracts/placements/internship-policy.ts). */
export function useInternshipViewer(): { ready: boolean; viewer: TInternshipViewer } {
  const session = useSession();
  const { user, permissions, currentOrganization, organizationsState } = session;
  const ready =
    !!user && (!!currentOrganization || organizationsState === 'success' || organizationsState === 'error');
  return {
    ready,
    viewer: { userId: user?.id ?? null, permissions, current: currentOrganizationFacts(session) },
  };
}

/** A date as people read it ("3 februari 2027"). */
export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const day = iso.length <= 10 ? new Date(`${iso}T12:00:00`) : new Date(iso);
  return day.toLocaleDateString(language.startsWith('en') ? 'en-GB' : 'nl-NL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** "1 februari 2027 – 30 juni 2027", or one end, or "no dates yet". */
export function useDateRange() {
  const t = useInternshipTexts();
  const { i18n } = useTranslation();
  return (start: string | null | undefined, end: string | null | undefined): string => {
    const from = formatDate(start, i18n.language);
    const until = formatDate(end, i18n.language);
    if (from && until) return `${from} – ${until}`;
    if (from) return t('from', { date: from });
    if (until) return t('until', { date: until });
    return t('noDates');
  };
}

/** Final and pending statuses look different; the text says it, the colour only helps. */
const TONE: Record<TInternshipStatus, 'open' | 'good' | 'ended'> = {
  submitted: 'open',
  applied: 'open',
  accepted: 'open',
  approved: 'good',
  active: 'good',
  completed: 'good',
  declined: 'ended',
  rejected: 'ended',
  withdrawn: 'ended',
  cancelled: 'ended',
};

export function StatusBadge({ status }: { status: TInternshipStatus }) {
  const t = useInternshipTexts();
  return (
    <span
      className={`badge badge--inline internship-status internship-status--${TONE[status]}`}
      data-testid="internship-status"
      data-status={status}
    >
      {t(`statuses.${status}`)}
    </span>
  );
}
