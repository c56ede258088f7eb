import type { ReactNode } from 'react';
import './error-screen.css';

/**
 * The spec §8 error screen of both front ends: a mark, the title, the explanation, an optional
 * technical detail and the actions that lead on. Texts come translated (each app has its own i18n);
 * the portal shows it as the page (h1), the back office inside a panel (h2).
 */
export function ErrorScreen({
  title,
  body,
  detail,
  kind,
  heading: Heading = 'h1',
  className,
  testId = 'error-screen',
  role,
  children,
}: {
  title: string;
  body: string;
  detail?: string | undefined;
  /** Which screen (forbidden, notFound…): tests and styling tell them apart by it. */
  kind?: string | undefined;
  heading?: 'h1' | 'h2';
  className?: string;
  testId?: string;
  role?: 'status';
  children?: ReactNode;
}) {
  return (
    <section
      className={className ? `error-screen ${className}` : 'error-screen'}
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      data-kind={kind}
      role={role}
    >
      <p className="error-screen__mark" aria-hidden="true">
        !
      </p>
      <Heading id={`${testId}-title`} data-testid="error-title" tabIndex={-1}>
        {title}
      </Heading>
      <p className="error-screen__body" data-testid="error-body">
        {body}
      </p>
      {detail && (
        <p className="error-screen__detail" data-testid="error-detail">
          <code>{detail}</code>
        </p>
      )}
      {children}
    </section>
  );
}
