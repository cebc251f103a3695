import { createRequire } from "node:module";
import { slugifyTag, unique } from "@sawdust/shared";
import type compromise from "compromise";
import {
  A_COLOUR,
  ASPECT_HEADS,
  BOILERPLATE,
  CATEGORIES,
  COLOUR_RUN,
  FUNCTION_WORDS,
  ING_NOUNS,
  KEEP_PLURAL,
  PROMPT_LEXICON,
  STOP_NOUNS,
  STYLE_HEADS,
  STYLES,
  TIME_NOUNS,
  TITLE_PREPOSITIONS,
  VAGUE_ADJECTIVES,
  WEAK_HEADS,
} from "./prompt-vocabulary.js";

/**
 * What a generation prompt says about its picture: the styles and media it names, its subjects
 * (the nouns and noun phrases it is about, as tags), the broad categories they fall under, and a
 * title naming the subject. Only the positive prompt is read; weights, LoRA and embedding tokens,
 * quality boilerplate, camera jargon and artist credits are left out.
 */
export interface PromptWords {
  /** Style names, in the order the prompt gives them ("oil painting", "watercolor"). */
  styles: string[];
  /** Subject tags (slugs, singular), in prompt order: "lighthouse", "cliff", "long-hair". */
  subjects: string[];
  /** Broad category tags the prompt fits: "landscape", "wildlife", "architecture"… */
  categories: string[];
  /** A short title naming the subject, lower case ("lighthouse on a cliff"). */
  title?: string;
}

const MAX_TITLE_WORDS = 8;
/** Subjects read before the rest of a long prompt is skipped (deriveWords keeps five). */
const ENOUGH_SUBJECTS = 12;
/** Words compromise tags at most in one prompt. */
const MAX_WORDS_TAGGED = 150;
const MAX_PHRASES = 64;
const MAX_PHRASE_WORDS = 32;
const MAX_PROMPT_SCANNED = 20_000;

type Nlp = typeof compromise;

/**
 * compromise is loaded on the first prompt read, not at start-up: unpacking its lexicon takes a
 * few hundred milliseconds that every process (server, worker, CLI, each test file) would pay.
 * Its CommonJS build is one file, where the ESM entry is some 450 modules.
 */
let loaded: { nlp: Nlp; world: World } | undefined;
function compromiseLib(): { nlp: Nlp; world: World } {
  if (!loaded) {
    const nlp = createRequire(import.meta.url)("compromise") as Nlp;
    nlp.addWords(PROMPT_LEXICON);
    loaded = { nlp, world: nlp.world() as World };
  }
  return loaded;
}

/** The part of compromise's world read here: its lexicon and its singular transform. */
interface World {
  model: { one: { lexicon: Record<string, string | string[] | undefined> } };
  methods: {
    two: { transform: { noun: { toSingular(word: string, model: unknown): string } } };
  };
}

type Kind = "noun" | "adjective" | "verb" | "determiner" | "preposition" | "conjunction" | "other";

/** What our lexicon says a word is, over compromise's reading of it in context. */
const LEXICON_KINDS = new Map<string, Kind>(
  Object.entries(PROMPT_LEXICON).map(([word, tag]) => [
    word,
    tag === "Adjective" ? "adjective" : "preposition",
  ]),
);

/** One word of a phrase, as compromise tagged it and as we then read it. */
interface Token {
  word: string;
  kind: Kind;
  tags: ReadonlySet<string>;
}

const NO_TAGS: ReadonlySet<string> = new Set();

/** A run of adjectives and nouns ending in a noun ("a [stormy sea]"), and where it ends. */
interface Chunk {
  tokens: Token[];
  end: number;
}

/**
 * Cuts what is not the positive prompt: a negative prompt left in the text (A1111's "Negative
 * prompt:" line, Midjourney's --no), and A1111's settings line.
 */
export function positivePrompt(prompt: string): string {
  return prompt
    .slice(0, MAX_PROMPT_SCANNED)
    .replace(/(^|\n)[ \t]*Negative prompt:[\s\S]*$/i, "")
    .replace(/(^|\n)[ \t]*Steps: *\d[\s\S]*$/, "")
    .replace(/(^|\s)--no\s[\s\S]*$/, "")
    .trim();
}

/** Reads a generation prompt's styles, subjects, categories and title (see PromptWords). */
export function readPrompt(prompt: string): PromptWords {
  const phrases = promptPhrases(positivePrompt(prompt));
  const text = phrases.join(", ");
  const styles = unique(
    STYLES.map(([pattern, name]) => ({ name, at: text.search(pattern) }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => a.at - b.at)
      .map(({ name }) => name),
  );

  const subjects: string[] = [];
  const things: string[] = [];
  const kept: string[] = [];
  let title: string | undefined;
  let wordsRead = 0;
  for (const phrase of phrases) {
    for (const part of subjectParts(phrase)) {
      kept.push(part);
      // Enough subjects and a title, or enough words read: the rest of a long prompt only feeds
      // the categories. Tagging costs about 0.1 ms a word; this bounds a pathological prompt.
      if (subjects.length >= ENOUGH_SUBJECTS && title !== undefined) continue;
      wordsRead += part.split(" ").length;
      if (wordsRead > MAX_WORDS_TAGGED) continue;
      const tokens = tokenize(part);
      for (const { tag, thing } of chunkTags(tokens)) {
        subjects.push(tag);
        if (thing) things.push(tag);
      }
      title ??= titleOf(tokens);
    }
  }
  const rest = kept.join(", ");
  const tags = unique(subjects.map(slugifyTag).filter(isTag));
  return {
    styles,
    subjects: tags,
    categories: unique(CATEGORIES.filter(([pattern]) => pattern.test(rest)).map(([, c]) => c)),
    title: title ?? titleFromSubjects(unique([...things, ...subjects])),
  };
}

/**
 * The prompt's phrases, lower case: split at commas, line breaks and sentence ends, with the
 * prompt syntax taken out as promptKeywords does (weights, LoRA and embedding tokens, BREAK,
 * Midjourney flags). Unlike keywords, a sentence of any length is kept (its first words).
 */
function promptPhrases(prompt: string): string[] {
  const cleaned = prompt
    // Code pasted into a prompt (a script, a stylesheet, a comment) describes no picture: left
    // out whole, not read as words; other markup's words stay ("<b>red fox</b>").
    .replace(/<(script|style)\b[^<>]{0,500}>[\s\S]*?(?:<\/\1\s*>|$)/gi, ",")
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ",")
    .replace(/<[^<>]*>/g, ",")
    .replace(/\bembedding:[^\s,()[\]{}]+/gi, ",")
    .replace(/\b(?:BREAK|AND)\b/g, ",")
    .replace(/(?:^|\s)--[a-zA-Z]+(?:\s+[^\s,-][^\s,]*)?/g, ",")
    .replace(/(?<![\d.])-?\d+(?:\.\d+)?::|::/g, ",")
    .replace(/:\s*-?\d+(?:\.\d+)?\s*(?=[)\]},|\n]|$)/g, "")
    .replace(/\b(?:artist|by|copyright):[^,\n]*/gi, ",") // booru and NovelAI credits
    .replace(/\\?[()[\]{}]/g, " ") // weights wrap words inside a phrase: "a (red fox:1.3) in…"
    .replace(/[|\n\r;:]/g, ",")
    .replace(/[.!?](?:\s|$)/g, ",")
    .toLowerCase()
    .replace(COLOUR_RUN, (run) => (A_COLOUR.test(run) ? "," : run));
  const phrases: string[] = [];
  for (const piece of cleaned.split(",")) {
    const words = piece.trim().split(/\s+/).filter(Boolean).slice(0, MAX_PHRASE_WORDS);
    const phrase = words.join(" ").replace(/^["'`*\-–—]+|["'`*\-–—]+$/g, "");
    if (/[a-z]/.test(phrase) && !phrases.includes(phrase)) phrases.push(phrase);
    if (phrases.length >= MAX_PHRASES) break;
  }
  return phrases;
}

/**
 * The parts of a phrase that may name a subject: booru underscores read as spaces, an artist
 * credit ("by …", "in the style of …") cut off, boilerplate and style names taken out, each
 * leaving a break so that the words on either side do not join into one noun phrase.
 */
function subjectParts(phrase: string): string[] {
  const text = phrase
    .replace(/_/g, " ")
    .replace(/&/g, " and ")
    .replace(/\b(?:in the style of|in the style|style of|inspired by)\b.*$/, "|")
    .replace(
      /(?:^|\b(?:art|artwork|paint(?:ing|ed)|draw(?:ing|n)|illustrat(?:ion|ed)|photo(?:graph(?:ed)?)?|sketch(?:ed)?|works?|made|created)\s+)by\s.*$/,
      "|",
    )
    .replace(BOILERPLATE, "|")
    .replace(/\b[a-z]+-[a-z]+ed\b/g, " "); // "sun-baked", "snow-capped": description, not subject
  return STYLES.reduce((rest, [pattern]) => rest.replace(globally(pattern), "|"), text)
    .split("|")
    .map((part) => part.replace(/\s+/g, " ").trim())
    .filter((part) => /[a-z]/.test(part));
}

const globalPatterns = new Map<RegExp, RegExp>();
function globally(pattern: RegExp): RegExp {
  let global = globalPatterns.get(pattern);
  if (!global) {
    global = new RegExp(pattern.source, "g");
    globalPatterns.set(pattern, global);
  }
  return global;
}

/** The phrase's words with compromise's part-of-speech tags, corrected for prompts. */
function tokenize(phrase: string): Token[] {
  const { nlp, world } = compromiseLib();
  // The term list rather than .json(): the same words and tags, at about half the cost.
  const terms = nlp(phrase)
    .termList()
    .map((term) => ({ normal: term.normal, tags: term.tags ?? NO_TAGS }))
    .filter((term) => term.normal !== "");
  // A bare tag ("smile", "neon lights") has no article, preposition or conjunction.
  const bareTag = !terms.some(
    ({ tags }) => tags.has("Determiner") || tags.has("Preposition") || tags.has("Conjunction"),
  );
  const tokens: Token[] = [];
  for (const { normal, tags } of terms) {
    const word = normal.replace(/[^a-z'-]/g, "");
    const previous = tokens.at(-1);
    // Our lexicon stands: compromise's rules may retag "violet sky" as two nouns.
    let kind = FUNCTION_WORDS.has(word) ? "determiner" : (LEXICON_KINDS.get(word) ?? kindOf(tags));
    if (word !== normal || (word.length < 2 && kind !== "determiner"))
      kind = "other"; // digits, other scripts
    else if (word.endsWith("ing") && (kind === "noun" || kind === "verb"))
      kind = isVerbing(word, previous, world) ? "verb" : "noun";
    else if (kind === "verb" && bareTag && !tags.has("PastTense")) kind = "noun";
    else if (kind === "verb" && isNounAfterNoun(tags, previous)) kind = "noun";
    tokens.push({ word, kind, tags });
  }
  // An -ing word between an article or adjective and what it describes is a participle: "a
  // swirling sky", "a small fishing village".
  for (const [i, token] of tokens.entries()) {
    const before = tokens[i - 1]?.kind;
    const after = tokens[i + 1]?.kind;
    const describes = after === "noun" || after === "adjective";
    const placed = token.kind === "noun" || before === "determiner" || before === "adjective";
    if (token.word.endsWith("ing") && !ING_NOUNS.has(token.word) && describes && placed) {
      token.kind = "adjective";
    }
  }
  return tokens;
}

function kindOf(tags: ReadonlySet<string>): Kind {
  const has = (tag: string) => tags.has(tag);
  if (has("Determiner") || has("Pronoun") || has("Possessive")) return "determiner";
  if (has("Preposition") || has("Particle")) return "preposition";
  if (has("Conjunction")) return "conjunction";
  if (has("Adjective")) return "adjective";
  if (has("Noun")) return "noun";
  if (has("Verb")) return "verb";
  return "other";
}

/**
 * Whether an -ing word is a verb here ("cat sitting", "astronaut riding a horse") rather than a
 * thing ("a building", "pearl earring", "morning"): after an article it is a thing, and so are
 * the -ing nouns the lexicon or our list knows.
 */
function isVerbing(word: string, previous: Token | undefined, world: World): boolean {
  if (word.length < 6 || ING_NOUNS.has(word)) return false;
  const known = world.model.one.lexicon[word];
  if (known === "Singular" || known === "Noun" || known === "Uncountable") return false;
  return previous?.kind !== "determiner";
}

/**
 * Whether a word compromise read as a present-tense verb is a noun: right after a noun or an
 * adjective in a prompt it names a thing ("sand dunes", "abstract waves", "wheat field"), since
 * prompts describe rather than narrate.
 */
function isNounAfterNoun(tags: ReadonlySet<string>, previous?: Token): boolean {
  return (
    tags.has("PresentTense") &&
    !tags.has("Gerund") &&
    (previous?.kind === "noun" || previous?.kind === "adjective")
  );
}

/** The phrase's noun chunks: adjectives and nouns in a row, ending in a noun. */
function chunksOf(tokens: readonly Token[]): Chunk[] {
  const chunks: Chunk[] = [];
  let run: Token[] = [];
  const close = (end: number) => {
    while (run.length > 0 && run.at(-1)?.kind !== "noun") run.pop();
    if (run.length > 0) chunks.push({ tokens: run, end });
    run = [];
  };
  for (const [i, token] of tokens.entries()) {
    // An adjective after a noun starts the next phrase: "lotus mandala | unfolding ring".
    if (token.kind === "adjective" && run.some((t) => t.kind === "noun")) close(i);
    if (token.kind === "noun" || token.kind === "adjective") run.push(token);
    else close(i);
  }
  close(tokens.length);
  return chunks;
}

/**
 * The subject tags of one phrase. Per noun chunk: its head noun, singular, with the noun before
 * it when the two make a compound ("cherry blossom", "city street"); a word of time before it is
 * a tag of its own ("winter", "forest"); a weak head keeps the word describing it ("long hair",
 * "neon light") and is dropped without one. Adjectives are otherwise left out ("stormy sea" →
 * "sea"). `thing` marks a tag that names a thing by itself, which titles prefer.
 */
function chunkTags(tokens: readonly Token[]): Array<{ tag: string; thing: boolean }> {
  const tags: Array<{ tag: string; thing: boolean }> = [];
  for (const chunk of chunksOf(tokens)) {
    const words = subjectWords(chunk);
    if (ASPECT_HEADS.has(words.at(-1)?.word ?? "") && words.at(-2)?.kind === "noun") words.pop();
    const head = words.at(-1);
    if (head?.kind !== "noun" || STYLE_HEADS.has(head.word)) continue;
    const headWord = singular(head);
    if (isStopNoun(head)) continue;
    const before = words.slice(0, -1);
    for (const token of before) {
      if (token.kind === "noun" && TIME_NOUNS.has(token.word))
        tags.push({ tag: token.word, thing: true });
    }
    const describing = before.at(-1);
    const describes =
      describing !== undefined &&
      !TIME_NOUNS.has(describing.word) &&
      !STOP_NOUNS.has(describing.word);
    if (WEAK_HEADS.has(headWord)) {
      if (describes) tags.push({ tag: `${describing.word} ${headWord}`, thing: false });
    } else if (describes && describing.kind === "noun") {
      tags.push({ tag: `${describing.word} ${headWord}`, thing: true });
    } else {
      tags.push({ tag: headWord, thing: true });
    }
  }
  return tags;
}

/**
 * The chunk's words that can be part of a subject: Latin letters, no praise, and no person's full
 * name ("greg rutkowski"; a lone "amber" or "moss", or "molten amber orb", stays).
 */
function subjectWords(chunk: Chunk): Token[] {
  const isName = (token: Token) => token.tags.has("Person");
  if (chunk.tokens.length >= 2 && chunk.tokens.every(isName)) return [];
  return chunk.tokens.filter((token) => {
    if (token.kind === "adjective") return !VAGUE_ADJECTIVES.has(token.word);
    return token.kind === "noun";
  });
}

/** The singular of a noun compromise tagged plural, unless it is one that stays plural. */
function singular(token: Token): string {
  const { word } = token;
  // A bare tag's plural may be read as a verb: "neon lights".
  const plural = token.tags.has("Plural") || (token.tags.has("PresentTense") && word.endsWith("s"));
  if (!plural || KEEP_PLURAL.has(word) || /(ss|us|is)$/.test(word)) return word;
  const { world } = compromiseLib();
  const one = world.methods.two.transform.noun.toSingular(word, world.model);
  const regular =
    word === `${one}s` ||
    word === `${one}es` ||
    (word.endsWith("ies") && one.endsWith("y")) ||
    (word.endsWith("ves") && /fe?$/.test(one));
  return one && (regular || world.model.one.lexicon[one] !== undefined) ? one : word;
}

function isStopNoun(token: Token): boolean {
  return STOP_NOUNS.has(token.word) || STOP_NOUNS.has(singular(token));
}

function isTag(tag: string): boolean {
  return tag.length >= 3 && tag.length <= 40 && !STOP_NOUNS.has(tag);
}

/**
 * A title from the phrase's first subject and what places it: "lighthouse on a cliff", "cat
 * sitting on a windowsill", "fox and hare". None when the phrase has no such pair.
 */
function titleOf(tokens: readonly Token[]): string | undefined {
  const chunks = chunksOf(tokens)
    .map((chunk) => ({ chunk, words: subjectWords(chunk) }))
    .filter(({ words }) => {
      const head = words.at(-1);
      return head?.kind === "noun" && !isStopNoun(head) && !STYLE_HEADS.has(head.word);
    });
  const [first, ...rest] = chunks;
  if (!first) return undefined;
  for (const second of rest) {
    const between = tokens.slice(first.chunk.end, tokens.indexOf(second.chunk.tokens[0] as Token));
    if (!isTitleLink(between)) continue;
    const words = [...first.words, ...between, ...second.words];
    return words.length <= MAX_TITLE_WORDS ? words.map((t) => t.word).join(" ") : undefined;
  }
  return undefined;
}

/** What may join two chunks in a title: a preposition, "and" or a verb, perhaps an article. */
function isTitleLink(between: readonly Token[]): boolean {
  const core = between.filter((token) => token.kind !== "determiner");
  return (
    core.length >= 1 &&
    core.length <= 2 &&
    between.every(
      (token) =>
        token.kind === "determiner" ||
        token.kind === "verb" ||
        (token.kind === "preposition" && TITLE_PREPOSITIONS.has(token.word)) ||
        (token.kind === "conjunction" && token.word === "and"),
    )
  );
}

/** Failing a phrase that makes a title, the first two subjects: "kimono and cherry blossom". */
function titleFromSubjects(subjects: readonly string[]): string | undefined {
  const named = unique(subjects.filter(isTag)).slice(0, 2);
  return named.length > 0 ? named.join(" and ") : undefined;
}
