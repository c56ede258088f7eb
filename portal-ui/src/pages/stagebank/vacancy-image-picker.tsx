import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  readCollectionDocument,
  readResourceDocument,
  type TRawDocument,
} from '@stageplein/contracts/client/jsonapi-document';
import type { TApiClient } from '@stageplein/contracts/client/api-client';
import { FormAlert, TextField } from '@stageplein/design-system/forms/fields.tsx';
import type { TFieldBinding } from '@stageplein/design-system/forms/use-form.ts';
import { useApi } from '../../api/api-context.ts';
import { errorMessage } from '../page-kit.tsx';

/**
 * The vacancy's image: one of the tenant's stock images or an image the organization uploaded (content's
 * `/api/v1/cms/stock_images` and `/api/v1/cms/uploads`, where an organization admin sees only its own).
 * Placements checks the same (`usableVacancyImage` in contracts).
 */
export interface TImageChoice {
  uploadId: string;
  url: string;
  /** The name shown beside the picture (the stock image's title or the file's name). */
  label: string;
  /** The stock image's alt text; null for an own upload (the admin describes it). */
  stockAlt: string | null;
}

const STOCK_IMAGES = '/api/v1/cms/stock_images?page[size]=100';
const OWN_IMAGES = '/api/v1/cms/uploads?filter[kind_eq]=image&page[size]=100';
const ACCEPT = 'image/jpeg,image/png,image/webp';

async function stockImages(client: TApiClient, signal?: AbortSignal): Promise<TImageChoice[]> {
  const doc = readCollectionDocument<{ uploadId: string; url: string; title: string; alt: string }>(
    await client.get<TRawDocument>(STOCK_IMAGES, { signal, authenticate: false }),
  );
  return doc.data.map((s) => ({ uploadId: s.uploadId, url: s.url, label: s.title, stockAlt: s.alt }));
}

async function ownImages(client: TApiClient, signal?: AbortSignal): Promise<TImageChoice[]> {
  const doc = readCollectionDocument<{ url: string; name: string }>(
    await client.get<TRawDocument>(OWN_IMAGES, { signal }),
  );
  return doc.data.map((u) => ({ uploadId: u.id, url: u.url, label: u.name, stockAlt: null }));
}

async function uploadImage(client: TApiClient, file: File): Promise<string> {
  const response = await client.request<TRawDocument>('/api/v1/cms/uploads', {
    method: 'POST',
    formData: { upload: { file } },
  });
  const id = readResourceDocument<{ url: string }>(response.data).data?.id;
  if (!id) throw new Error('upload without id');
  return id;
}

/** The images an organization admin may choose, stock first; the chosen one found among them. */
export function useImageChoices(organizationId: string) {
  const api = useApi();
  const stock = useQuery({
    queryKey: ['stock-images'],
    queryFn: ({ signal }) => stockImages(api.client, signal),
  });
  const own = useQuery({
    queryKey: ['own-images', organizationId],
    queryFn: ({ signal }) => ownImages(api.client, signal),
  });
  return { stock, own, all: [...(stock.data ?? []), ...(own.data ?? [])] };
}

export function VacancyImagePicker({
  organizationId,
  value,
  onChange,
  altField,
  texts,
}: {
  organizationId: string;
  value: string;
  onChange: (uploadId: string) => void;
  /** The vacancy's own alt text (asked for an own upload; a stock image brings its own). */
  altField: TFieldBinding;
  texts: (key: string) => string;
}) {
  const api = useApi();
  const { t: tShared } = useTranslation();
  const queryClient = useQueryClient();
  const { stock, own, all } = useImageChoices(organizationId);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<unknown>(undefined);
  const name = useId();
  const chosen = all.find((c) => c.uploadId === value);

  // A stock image brings its own alt text; an own upload keeps what the admin wrote.
  const choose = (c: TImageChoice | null) => {
    onChange(c?.uploadId ?? '');
    if (!c || c.stockAlt !== null) altField.onChange('');
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setFailure(undefined);
    try {
      const id = await uploadImage(api.client, file);
      await queryClient.invalidateQueries({ queryKey: ['own-images', organizationId] });
      onChange(id);
    } catch (error) {
      setFailure(error);
    } finally {
      setUploading(false);
    }
  };

  const option = (c: TImageChoice) => (
    <li key={c.uploadId}>
      <label className="image-choice" data-testid="vacancy-image-choice">
        <input
          type="radio"
          name={name}
          value={c.uploadId}
          checked={value === c.uploadId}
          onChange={() => choose(c)}
        />
        {/* The label's text names the image; the picture itself adds nothing for a screen reader. */}
        <img src={c.url} alt="" loading="lazy" width={160} height={120} />
        <span className="image-choice__label">{c.label}</span>
      </label>
    </li>
  );

  return (
    <fieldset className="form__group vacancy-image-picker" data-testid="vacancy-image-picker">
      <legend>{texts('image')}</legend>
      <p className="field__hint">{texts('imageHint')}</p>
      <label className="image-choice image-choice--none">
        <input type="radio" name={name} value="" checked={value === ''} onChange={() => choose(null)} />
        <span className="image-choice__label">{texts('noImage')}</span>
      </label>
      <h2 className="vacancy-image-picker__heading">{texts('stockImages')}</h2>
      {stock.isError ? (
        <FormAlert tone="error">{texts('imagesLoadError')}</FormAlert>
      ) : !stock.data ? (
        <p role="status">{texts('imagesLoading')}</p>
      ) : (
        <ul className="image-choices" data-testid="vacancy-stock-images">
          {stock.data.map(option)}
        </ul>
      )}
      <h2 className="vacancy-image-picker__heading">{texts('ownImages')}</h2>
      {own.data && own.data.length > 0 && (
        <ul className="image-choices" data-testid="vacancy-own-images">
          {own.data.map(option)}
        </ul>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${name}-file`}>
          {texts('uploadImage')}
        </label>
        <input
          id={`${name}-file`}
          type="file"
          accept={ACCEPT}
          disabled={uploading}
          onChange={(e) => void upload(e.target.files?.[0])}
          data-testid="vacancy-image-file"
        />
        {uploading && <p role="status">{texts('uploading')}</p>}
      </div>
      {failure !== undefined && <FormAlert tone="error">{errorMessage(failure, tShared)}</FormAlert>}
      {value !== '' && chosen?.stockAlt === null && (
        <TextField
          label={texts('imageAlt')}
          hint={texts('imageAltHint')}
          maxLength={300}
          field={altField}
          data-testid="vacancy-image-alt"
        />
      )}
      {chosen && (
        <p className="vacancy-image-picker__chosen" data-testid="vacancy-image-chosen">
          {texts('chosenImage')}: {chosen.label}
        </p>
      )}
    </fieldset>
  );
}
