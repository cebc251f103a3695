/**
 * Splits a prompt into clean keyword phrases, in prompt order, lowercased and without repeats:
 * "masterpiece, (red hair:1.2), [freckles], <lora:detail:0.6> BREAK a cat" → ["masterpiece",
 * "red hair", "freckles", "a cat"]. Drops what is syntax rather than subject: attention weights
 * ((word:1.2), [word], {word}, NovelAI's 1.2::word::), LoRA/hypernetwork tags (<…>), BREAK and
 * AND, embedding:names, Midjourney --flags, escapes, bare numbers, and phrases too long to be a tag.
 */
export function keywordsFromPrompt(prompt: string): string[] {
  const cleaned = prompt
    .slice(0, MAX_PROMPT_SCANNED)
    .replace(/<[^<>]*>/g, ",") // <lora:name:0.8>, <hypernet:…>
    .replace(/\bembedding:[^\s,()[\]{}]+/gi, ",")
    .replace(/\b(?:BREAK|AND)\b/g, ",") // A1111 chunking and composable diffusion
    .replace(/(?:^|\s)--[a-zA-Z]+(?:\s+[^\s,-][^\s,]*)?/g, ",") // Midjourney's --ar 3:2
    .replace(/(?<![\d.])-?\d+(?:\.\d+)?::|::/g, ",") // NovelAI V4 weights
    .replace(/:\s*-?\d+(?:\.\d+)?\s*(?=[)\]},|\n]|$)/g, "") // (word:1.2), [a:b:0.5]
    .replace(/\\([()[\]{}])/g, "$1") // escaped brackets are literal, but a tag needs none
    .replace(/[()[\]{}|\n\r;:]/g, ",")
    .replace(/\.(?:\s|$)/g, ","); // sentences in natural-language prompts

  const keywords: string[] = [];
  const seen = new Set<string>();
  for (const piece of cleaned.split(",")) {
    if (piece.length > MAX_PIECE_CHARS) continue; // a paragraph, not a tag; and keeps regexes cheap
    const phrase = piece
      .replace(/\s+/g, " ")
      .trim()
      .replace(/^["'`*.\-–—]+|["'`*.\-–—]+$/g, "")
      .trim()
      .toLowerCase();
    if (!isKeyword(phrase) || seen.has(phrase)) continue;
    seen.add(phrase);
    keywords.push(phrase);
    if (keywords.length >= MAX_KEYWORDS) break;
  }
  return keywords;
}

const MAX_PROMPT_SCANNED = 20_000;
const MAX_KEYWORDS = 64;
const MAX_KEYWORD_CHARS = 64;
const MAX_KEYWORD_WORDS = 8;
const MAX_PIECE_CHARS = MAX_KEYWORD_CHARS * 4;

function isKeyword(phrase: string): boolean {
  if (phrase.length < 2 || phrase.length > MAX_KEYWORD_CHARS) return false;
  if (/^[\d\s.+\-–%x]*$/.test(phrase)) return false;
  return phrase.split(" ").length <= MAX_KEYWORD_WORDS;
}
