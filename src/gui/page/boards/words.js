// Words the boards and the views share.

/** `3 moves`, `1 move`. */
export function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
