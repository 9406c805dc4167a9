// The editor's @mention suggestions (issue 32): while the caret is right after `@` and a few
// username characters, the contest's members who may be mentioned (discussion.mentionable,
// asked once typing pauses), navigated from the textarea itself. The textarea keeps its own role
// (a textarea may take no other): aria-autocomplete, aria-haspopup and aria-controls say a list
// suggests, aria-activedescendant names the active option; aria-expanded, a combobox's, is not
// allowed on a textbox (axe's aria-allowed-attr), so the list's presence says it instead. With
// no mention being typed every key does what it always does (Enter, a newline).
import { keepPreviousData } from '@tanstack/react-query';
import { useField } from 'formik';
import {
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { trpc } from '../../lib/trpc';
import { useDebounced } from '../../lib/useDebounced';
import { insertMention, mentionAt, movedActive, stillMatching } from './mentionQuery';
import type { MentionOption } from './MentionSuggestions';

export function useMentionSuggestions({
  contestId,
  name,
  idPrefix,
}: {
  contestId: number;
  name: string;
  idPrefix: string;
}) {
  const [field, , helpers] = useField<string>(name);
  const text = field.value ?? '';
  const element = useRef<HTMLTextAreaElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  /** The caret while the textarea has focus and nothing is selected; null otherwise. */
  const [caret, setCaret] = useState<number | null>(null);
  /** The `@` whose list Escape closed (stays closed until another mention is begun). */
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const [active, setActive] = useState({ key: '', index: 0 });

  const fragment = caret === null ? null : mentionAt(text, caret);
  if (!fragment && closedAt !== null) setClosedAt(null);
  const typing = fragment !== null && fragment.start !== closedAt ? fragment : null;
  const query = useDebounced(typing?.query ?? null, 200);
  const asked = trpc.discussion.mentionable.useQuery(
    { contestId, query: query ?? '' },
    {
      enabled: typing !== null && query !== null,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    },
  );
  const options: MentionOption[] =
    typing && asked.data ? stillMatching(asked.data, typing.query).slice(0, 8) : [];
  const open = options.length > 0;
  // A new fragment (another `@`, more letters) starts again at the first option.
  const key = typing ? `${typing.start}:${typing.query}` : '';
  const activeIndex = active.key === key ? Math.min(active.index, options.length - 1) : 0;

  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !element.current) return;
    pendingCaret.current = null;
    element.current.setSelectionRange(at, at);
  }, [text]);

  const listId = `${idPrefix}-mentions`;
  const optionId = (index: number) => `${idPrefix}-mention-${index}`;

  const choose = (option: MentionOption) => {
    if (!typing) return;
    const next = insertMention(text, typing, option.username);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    void helpers.setValue(next.text);
  };

  const track = (e: SyntheticEvent<HTMLTextAreaElement>) => {
    const area = e.currentTarget;
    const focused = area.ownerDocument.activeElement === area;
    setCaret(focused && area.selectionStart === area.selectionEnd ? area.selectionStart : null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || !typing || e.nativeEvent.isComposing) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive({ key, index: movedActive(activeIndex, options.length, step) });
    } else if (e.key === 'Enter' || (e.key === 'Tab' && !e.shiftKey)) {
      e.preventDefault();
      choose(options[activeIndex]!);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setClosedAt(typing.start);
    }
  };

  return {
    textareaProps: {
      ref: element,
      onSelect: track,
      onKeyUp: track,
      onClick: track,
      onFocus: track,
      onBlur: (e: FocusEvent<HTMLTextAreaElement>) => {
        setCaret(null);
        field.onBlur(e);
      },
      onKeyDown,
      'aria-autocomplete': 'list' as const,
      'aria-haspopup': 'listbox' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(activeIndex) : undefined,
    },
    list: open ? { id: listId, options, active: activeIndex, optionId, onChoose: choose } : null,
  };
}
