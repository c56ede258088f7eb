import { useState } from 'react';
import type { TFileFieldLimits } from '@stageplein/contracts/forms/form-files';

export interface TFileUploadLabels {
  uploading: string;
  uploaded: (name: string) => string;
  remove: string;
  failed: string;
  tooLarge: string;
  wrongType: string;
}

/**
 * Sends a file question's file (the public form: `POST /api/v1/public/forms/{token}/files` with the
 * render token) and answers the file's id; throws an Error whose message is for the visitor.
 */
export type TUploadFile = (file: File, fieldId: string) => Promise<{ id: string }>;

/**
 * A file question: the chosen file is uploaded at once, the answer is the file's id. The question's
 * kinds and size are checked here first for a quick message (the server decides, by the bytes); the
 * name shown is kept here, the answer holds only the id.
 */
export function FileUploadInput({
  id,
  inputId,
  describedBy,
  invalid,
  required,
  upload,
  limits,
  labels,
  value,
  onChange,
  onBlur,
}: {
  id: string;
  inputId: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
  upload: TUploadFile | undefined;
  limits: TFileFieldLimits;
  labels: TFileUploadLabels;
  value: unknown;
  onChange: (uploadId: string | undefined) => void;
  onBlur: () => void;
}) {
  const [state, setState] = useState<{ busy: boolean; name?: string; failed?: string }>({ busy: false });
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const refused =
      file.size > limits.maxBytes
        ? labels.tooLarge
        : file.type && !limits.contentTypes.includes(file.type)
          ? labels.wrongType
          : undefined;
    if (refused) {
      setState({ busy: false, failed: refused });
      onChange(undefined);
      onBlur();
      return;
    }
    if (!upload) {
      // The preview stores nothing: a made-up id stands for the file.
      setState({ busy: false, name: file.name });
      onChange(crypto.randomUUID());
      return;
    }
    setState({ busy: true, name: file.name });
    try {
      const { id: uploadId } = await upload(file, id);
      setState({ busy: false, name: file.name });
      onChange(uploadId);
    } catch (error) {
      setState({
        busy: false,
        failed: error instanceof Error && error.message ? error.message : labels.failed,
      });
      onChange(undefined);
    }
    onBlur();
  };
  const hasFile = typeof value === 'string' && value !== '';
  return (
    <div className="file-answer">
      <input
        id={inputId}
        name={id}
        data-answer-field={id}
        type="file"
        accept={limits.contentTypes.join(',')}
        className="field__input field__input--file"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        onChange={(e) => void choose(e.target.files?.[0])}
        onBlur={onBlur}
      />
      <p className="field__hint" role="status" data-testid={`file-status-${id}`}>
        {state.busy ? labels.uploading : hasFile && state.name ? labels.uploaded(state.name) : ''}
      </p>
      {state.failed && (
        <p className="field__error" role="alert" data-testid={`file-error-${id}`}>
          {state.failed}
        </p>
      )}
      {hasFile && !state.busy && (
        <button
          type="button"
          className="btn btn--neutral"
          onClick={() => {
            setState({ busy: false });
            onChange(undefined);
          }}
        >
          {labels.remove}
        </button>
      )}
    </div>
  );
}
