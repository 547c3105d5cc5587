/** A legend entry's width estimated for its 12 px text: CJK and full-width characters an em, others about 7 px. */
export function legendTextWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(char) ? 12 : 7;
  return width;
}

const ELLIPSIS = '…';

/** The longest start of `chars` (from `from`) that fits `width`. */
function fitting(chars: readonly string[], from: number, width: number): string {
  let text = '';
  for (let index = from; index < chars.length && legendTextWidth(text + chars[index]!) <= width; index++) text += chars[index];
  return text;
}

const commonPrefix = (a: readonly string[], b: readonly string[]) => {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return length;
};

/**
 * Each name as its legend entry shows it within `width`: whole when it fits, else cut so that
 * entries stay apart. Points are named store first, so cutting at the end left a chart's ten
 * points of one store as ten equal "润香小馆（北京…"; a long name keeps its start up to where it
 * first differs from the others cut, then an ellipsis and the part that tells it apart (the
 * point's number and code).
 */
export function distinctLegendNames(names: readonly string[], width: number): Map<string, string> {
  const split = names.map((name) => Array.from(name));
  const shown = new Map<string, string>();
  split.forEach((chars, index) => {
    const name = names[index]!;
    if (legendTextWidth(name) <= width) {
      shown.set(name, name);
      return;
    }
    const shared = Math.max(0, ...split.map((other, at) => (at === index ? 0 : commonPrefix(chars, other))));
    const plainCut = fitting(chars, 0, width - legendTextWidth(ELLIPSIS));
    if (Array.from(plainCut).length > shared) {
      shown.set(name, plainCut + ELLIPSIS);
      return;
    }
    // The rest of the name from where it differs after as much of its start as fits; a rest too
    // long for two thirds of the room is cut too.
    const rest = chars.slice(shared).join('');
    const dots = legendTextWidth(ELLIPSIS);
    const restFits = legendTextWidth(rest) <= (width * 2) / 3 - dots;
    const head = fitting(chars, 0, restFits ? width - dots - legendTextWidth(rest) : width / 3);
    const tail = restFits ? rest : fitting(chars, shared, width - legendTextWidth(head) - 2 * dots) + ELLIPSIS;
    shown.set(name, head + ELLIPSIS + tail);
  });
  return shown;
}
