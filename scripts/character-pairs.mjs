/** Every code point a Chinese character can be (surrogates left out). */
function* codePoints() {
  for (let codePoint = 0x80; codePoint < 0x40000; codePoint += 1) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
    yield String.fromCodePoint(codePoint);
  }
}

/**
 * The characters OpenCC maps one to one, Taiwan Traditional → Simplified and Simplified → Taiwan
 * Traditional, each as a string of pairs (a character, then what it becomes), read through
 * opencc-js.
 */
export async function characterPairs() {
  const { Converter: toCn } = await import('opencc-js/t2cn');
  const { Converter: toTw } = await import('opencc-js/cn2t');
  const pairs = (convert) => {
    let out = '';
    for (const character of codePoints()) {
      const converted = convert(character);
      if (converted !== character && [...converted].length === 1) out += character + converted;
    }
    return out;
  };
  return {
    toSimplified: pairs(toCn({ from: 'tw', to: 'cn' })),
    toTraditional: pairs(toTw({ from: 'cn', to: 'tw' })),
  };
}
