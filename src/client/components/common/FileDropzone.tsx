// The one upload widget (SPEC 5 'File upload widget'): drag and drop or picker, checks before
// sending, preview, remove button.
import {
  Box,
  Button,
  Field,
  HStack,
  IconButton,
  Image,
  Input,
  Stack,
  Text,
} from '@chakra-ui/react';
import { FileText, Upload, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { UPLOAD_RULES, type UploadPurpose } from '../../../shared/schemas/uploads';
import { checkFile, uploadFile } from '../../lib/uploadFile';

interface Props {
  label: string;
  purpose: UploadPurpose;
  value: string | null;
  onChange: (fileUrl: string | null) => void;
  /** Called when an upload fails, with the message shown. */
  onError?: (message: string) => void;
  helperText?: string;
}

export function FileDropzone({ label, purpose, value, onChange, onError, helperText }: Props) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const rule = UPLOAD_RULES[purpose];

  async function handle(file: File | undefined) {
    if (!file) return;
    const problem = checkFile(file, purpose);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await uploadFile(file, purpose);
      onChange(result.fileUrl);
    } catch (e) {
      const message = (e as Error).message;
      setError(message);
      onError?.(message);
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void handle(event.dataTransfer.files[0]);
  }

  const isPdf = value?.endsWith('.pdf');
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label htmlFor={inputId}>{label}</Field.Label>
      {value ? (
        <HStack borderWidth="1px" rounded="md" p="2" gap="3" w="full">
          {isPdf ? (
            <FileText aria-hidden />
          ) : (
            <Image src={value} alt="Uploaded file preview" maxH="24" rounded="sm" />
          )}
          <Text flex="1" fontSize="sm" truncate>
            {value.split('/').pop()}
          </Text>
          <IconButton
            aria-label="Remove file"
            size="sm"
            variant="ghost"
            onClick={() => onChange(null)}
          >
            <X />
          </IconButton>
        </HStack>
      ) : (
        <Box
          w="full"
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={dragging ? 'purple.solid' : 'border'}
          rounded="md"
          p="6"
          textAlign="center"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <Stack align="center" gap="2">
            <Upload aria-hidden />
            <Text fontSize="sm">Drag and drop a file here, or</Text>
            <Button
              size="sm"
              variant="outline"
              loading={busy}
              onClick={() => inputRef.current?.click()}
            >
              Choose file
            </Button>
            <Text fontSize="xs" color="fg.muted">
              Max {rule.maxMB}MB
            </Text>
          </Stack>
        </Box>
      )}
      <Input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={rule.accept}
        display="none"
        onChange={(e) => void handle(e.target.files?.[0])}
      />
      {helperText && !error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {error ? <Field.ErrorText color="red.fg">{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
