import type { TObjectStorageKind } from '@stageplein/kit/object-storage/object-storage';

/** A sealed contract's PDF: its hashes, where its bytes are, who may download it. */
export interface TContractDocumentsTable {
  tenant_id: string;
  contract_id: string;
  school_id: string;
  /** The school's public name: the verification page's answer. */
  school_name: string;
  title: string;
  language: 'nl' | 'en';
  /** SHA-256 of the PDF's bytes: its key in placements' object store, and what an uploaded PDF hashes to. */
  pdf_hash: string;
  /** SHA-256 of the contract pages' canonical content (contracts' `canonicalContractContent`), on the certificate. */
  content_hash: string;
  byte_size: number;
  storage: TObjectStorageKind;
  /** The signers with an account: the parties' default right to download. */
  party_user_ids: string[];
  sealed_at: Date;
  created_at: Date;
}
