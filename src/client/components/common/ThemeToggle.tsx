import { IconButton } from '@chakra-ui/react';
import { Moon, Sun } from 'lucide-react';
import { useColorMode } from '../../lib/colorMode';

export function ThemeToggle() {
  const { colorMode, toggleColorMode } = useColorMode();
  const label = colorMode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <IconButton
      aria-label={label}
      title={label}
      variant="ghost"
      size="sm"
      onClick={toggleColorMode}
    >
      {colorMode === 'dark' ? <Sun /> : <Moon />}
    </IconButton>
  );
}
