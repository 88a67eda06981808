import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import styled from 'styled-components';

const Zone = styled.div<{ $active: boolean; $invalid: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 140px;
  padding: ${({ theme }) => theme.space(4)};
  border: 2px dashed ${({ theme, $active, $invalid }) => ($invalid ? theme.colors.danger : $active ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.inputBackground};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

const Preview = styled.img`
  width: 72px;
  height: 72px;
  border-radius: 50%;
  object-fit: cover;
`;

const PickLabel = styled.label`
  color: ${({ theme }) => theme.colors.text};
  text-decoration: underline;
  cursor: pointer;
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
  }
`;

const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

interface ImageDropProps {
  file: File | null;
  onChange(file: File | null): void;
  error?: string | null;
}

const NOT_AN_IMAGE = 'Only image files can be uploaded.';

/** Profile image by drag-and-drop or file picker; anything that is not an image is refused. */
export function ImageDrop({ file, onChange, error }: ImageDropProps) {
  const id = useId();
  const [active, setActive] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    // A reset of the form clears the native picker too, so the same file can be picked again.
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);

  const accept = (candidate: File | undefined) => {
    if (!candidate) return;
    if (!candidate.type.startsWith('image/')) {
      setRefused(NOT_AN_IMAGE);
      return;
    }
    setRefused(null);
    onChange(candidate);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setActive(false);
    accept(event.dataTransfer.files[0]);
  };

  const message = refused ?? error ?? null;
  return (
    <Zone
      data-testid="image-drop"
      $active={active}
      $invalid={Boolean(message)}
      onDragOver={(e) => {
        e.preventDefault();
        setActive(true);
      }}
      onDragLeave={() => setActive(false)}
      onDrop={onDrop}
    >
      {preview && <Preview src={preview} alt="Selected profile image" />}
      <span>{file ? file.name : 'Drag and drop a profile image here, or'}</span>
      <PickLabel htmlFor={`${id}-file`}>
        {file ? 'Choose another image' : 'Choose an image'}
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept="image/*"
          aria-describedby={message ? `${id}-msg` : undefined}
          onChange={(e) => accept(e.target.files?.[0])}
        />
      </PickLabel>
      {message && (
        <Message id={`${id}-msg`} role="alert">
          {message}
        </Message>
      )}
    </Zone>
  );
}
