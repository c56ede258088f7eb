import { useState } from 'react';

export interface TFileUploadLabels {
  uploading: string;
  uploaded: (name: string) => string;
  remove: string;
  failed: string;
}

/** Sends a file to the content uploads API and answers the upload's id. */
export type TUploadFile = (file: File) => Promise<{ id: string }>;

/**
 * A file question: the chosen file is uploaded at once (`POST /api/v1/cms/uploads`), the answer is
 * the upload's id. The name shown is kept here, the answer holds only the id.
 */
export function FileUploadInput({
  id,
  inputId,
  describedBy,
  invalid,
  required,
  upload,
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
  labels: TFileUploadLabels;
  value: unknown;
  onChange: (uploadId: string | undefined) => void;
  onBlur: () => void;
}) {
  const [state, setState] = useState<{ busy: boolean; name?: string; failed?: boolean }>({ busy: false });
  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!upload) {
      // The preview stores nothing: a made-up id stands for the file.
      setState({ busy: false, name: file.name });
      onChange(crypto.randomUUID());
      return;
    }
    setState({ busy: true, name: file.name });
    try {
      const { id: uploadId } = await upload(file);
      setState({ busy: false, name: file.name });
      onChange(uploadId);
    } catch {
      setState({ busy: false, failed: true });
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
        accept="image/jpeg,image/png,image/webp,application/pdf"
        className="field__input field__input--file"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        onChange={(e) => void choose(e.target.files?.[0])}
        onBlur={onBlur}
      />
      <p className="field__hint" role="status">
        {state.busy
          ? labels.uploading
          : state.failed
            ? labels.failed
            : hasFile && state.name
              ? labels.uploaded(state.name)
              : ''}
      </p>
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
