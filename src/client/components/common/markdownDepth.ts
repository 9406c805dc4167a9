// How deep a member's markdown may nest, in two steps of the renderer. A post of 10,000 nested
// quotes ('>>>>...', or quotes and lists in turn: '> - > - ...') takes the parser seconds to
// minutes (measured: 7 s and 26 s for 20,000 characters) and would become 10,000 nested elements.
// capMarkdownSource cuts each line's run of quote and list markers to MAX_MARKDOWN_DEPTH before
// the parse (one pass over the text); capMarkdownDepth cuts the parsed tree at the same depth
// (nesting by indentation), keeping what lies deeper as its plain words in one paragraph, walked
// with a stack of its own, never by recursion.

/** The least of what an mdast node is, for this walk. */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

export const MAX_MARKDOWN_DEPTH = 16;

/** The end of the container marker at `i` ('>', '-', '*', '+', '1.', '1)'), or -1 if none. */
function markerEnd(line: string, i: number): number {
  let j = i;
  while (j < line.length && j - i < 3 && line[j] === ' ') j++;
  const c = line[j];
  if (c === '>') j++;
  else if ((c === '-' || c === '*' || c === '+') && /[ \t]/.test(line[j + 1] ?? '')) j++;
  else {
    const digits = /^\d{1,9}[.)](?=[ \t])/.exec(line.slice(j, j + 11));
    if (!digits) return -1;
    j += digits[0].length;
  }
  if (line[j] === ' ' || line[j] === '\t') j++;
  return j;
}

/** Each line with its leading run of quote and list markers cut to MAX_MARKDOWN_DEPTH. */
export function capMarkdownSource(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let end = 0;
      let kept = 0;
      let depth = 0;
      for (let next = markerEnd(line, 0); next > end; next = markerEnd(line, end)) {
        end = next;
        depth++;
        if (depth === MAX_MARKDOWN_DEPTH) kept = end;
      }
      return depth > MAX_MARKDOWN_DEPTH ? line.slice(0, kept) + line.slice(end) : line;
    })
    .join('\n');
}

/** Every text under `node`, in order, joined by spaces. */
function plainText(node: MdNode): string {
  const words: string[] = [];
  const stack: MdNode[] = [node];
  while (stack.length) {
    const next = stack.pop()!;
    if (typeof next.value === 'string') words.push(next.value);
    if (next.children)
      for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]!);
  }
  return words.join(' ');
}

/** The unified plugin: `remarkPlugins={[capMarkdownDepth]}`. */
export function capMarkdownDepth() {
  return (tree: MdNode) => {
    const stack: [MdNode, number][] = [[tree, 0]];
    while (stack.length) {
      const [node, depth] = stack.pop()!;
      const children = node.children;
      if (!children) continue;
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        if (!child.children) continue;
        if (depth + 1 >= MAX_MARKDOWN_DEPTH) {
          children[i] = {
            type: 'paragraph',
            children: [{ type: 'text', value: plainText(child) }],
          };
        } else {
          stack.push([child, depth + 1]);
        }
      }
    }
  };
}
