import {
  MAX_DOCUMENT_BYTES,
  propertyDocumentKeys,
  propertyDocumentTypes,
  uploadMessages,
  type PropertyDocumentKey,
} from '@app/contracts';
import { Button, Flex, Tag, theme, Typography } from 'antd';
import { useRef } from 'react';

export type ChosenDocuments = Partial<Record<PropertyDocumentKey, File>>;
export type DocumentErrors = Partial<Record<PropertyDocumentKey, string>>;

type Kind = (typeof propertyDocumentTypes)[PropertyDocumentKey]['kinds'][number];

const extensionsOf: Record<Kind, readonly string[]> = {
  pdf: ['.pdf'],
  jpg: ['.jpg', '.jpeg'],
  png: ['.png'],
  dwg: ['.dwg'],
};

const acceptOf = (kinds: readonly Kind[]) => kinds.flatMap((kind) => extensionsOf[kind]).join(',');

/** The browser's first check (by the name's extension and the size); the server checks the content. */
export function documentProblem(key: PropertyDocumentKey, file: File): string | undefined {
  const { label, kinds } = propertyDocumentTypes[key];
  if (file.size > MAX_DOCUMENT_BYTES) return uploadMessages.tooLarge;
  const name = file.name.toLowerCase();
  if (!kinds.some((kind) => extensionsOf[kind].some((extension) => name.endsWith(extension)))) {
    return uploadMessages.wrongKind(label, kinds);
  }
  return undefined;
}

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

interface DocumentUploadsProps {
  documents: ChosenDocuments;
  errors: DocumentErrors;
  /** The required documents still missing are marked once the user tried to submit without them. */
  showMissing: boolean;
  disabled: boolean;
  /** Stores (or clears) a document; false when the file was refused. */
  onChoose: (key: PropertyDocumentKey, file: File | undefined) => boolean;
}

/** Spec 3 document types: one file each, its accepted kinds, the required ones marked. */
export function DocumentUploads({ documents, errors, showMissing, disabled, onChoose }: DocumentUploadsProps) {
  return (
    <Flex vertical gap={12} role="group" aria-labelledby="documents-heading">
      <Typography.Title level={3} id="documents-heading" style={{ fontSize: 16, margin: 0 }}>
        Documents
      </Typography.Title>
      {propertyDocumentKeys.map((key) => (
        <DocumentRow
          key={key}
          documentKey={key}
          file={documents[key]}
          error={errors[key]}
          missing={showMissing && propertyDocumentTypes[key].required && !documents[key]}
          disabled={disabled}
          onChoose={(file) => onChoose(key, file)}
        />
      ))}
    </Flex>
  );
}

interface DocumentRowProps {
  documentKey: PropertyDocumentKey;
  file: File | undefined;
  error: string | undefined;
  missing: boolean;
  disabled: boolean;
  onChoose: (file: File | undefined) => boolean;
}

function DocumentRow({ documentKey, file, error, missing, disabled, onChoose }: DocumentRowProps) {
  const input = useRef<HTMLInputElement>(null);
  const { token } = theme.useToken();
  const { label, kinds, required } = propertyDocumentTypes[documentKey];
  const id = `document-${documentKey}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const remove = () => {
    if (input.current) input.current.value = '';
    onChoose(undefined);
  };

  return (
    <Flex
      vertical
      gap={6}
      data-testid={id}
      style={{
        padding: 12,
        borderRadius: token.borderRadius,
        border: `1px solid ${error || missing ? token.colorError : token.colorBorder}`,
      }}
    >
      <Flex align="center" gap={8} wrap>
        <label htmlFor={id} style={{ fontWeight: 600 }}>
          {label}
        </label>
        {required ? <Tag color="blue">Required</Tag> : <Tag>Optional</Tag>}
        {missing && <Tag color="error">Missing</Tag>}
        <Typography.Text type="secondary" id={hintId} style={{ fontSize: 12 }}>
          {kinds.map((kind) => kind.toUpperCase()).join(', ')}, up to {MAX_DOCUMENT_BYTES / 1024 / 1024} MB
        </Typography.Text>
      </Flex>
      <input
        ref={input}
        id={id}
        type="file"
        accept={acceptOf(kinds)}
        aria-required={required}
        aria-invalid={Boolean(error) || missing}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        disabled={disabled}
        onChange={(event) => {
          // A refused file is not kept in the input either: what the input shows is what is sent.
          if (!onChoose(event.target.files?.[0])) event.target.value = '';
        }}
      />
      {file && (
        <Flex align="center" gap={8} wrap>
          <Typography.Text>
            {file.name} ({sizeLabel(file.size)})
          </Typography.Text>
          <Button size="small" type="link" disabled={disabled} onClick={remove} aria-label={`Remove ${label}`}>
            Remove
          </Button>
        </Flex>
      )}
      {error && (
        <Typography.Text type="danger" id={errorId}>
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
