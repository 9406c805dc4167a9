// The search box above a list: a magnifier, a label for screen readers, and every keystroke
// handed to the screen (which debounces or resets its page as it needs).
import { Field, Input, InputGroup, type FieldRootProps } from '@chakra-ui/react';
import { Search } from 'lucide-react';

interface Props {
  /** The accessible name ('Search users'). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxW?: FieldRootProps['maxW'];
}

export function SearchField({ label, placeholder, value, onChange, maxW = 'sm' }: Props) {
  return (
    <Field.Root maxW={maxW}>
      <Field.Label srOnly>{label}</Field.Label>
      <InputGroup startElement={<Search size={16} aria-hidden />}>
        <Input
          type="search"
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </InputGroup>
    </Field.Root>
  );
}
