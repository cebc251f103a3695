import { describe, expect, it } from "vitest";
import type { ColourAnalysis } from "./colour.js";
import { positivePrompt, readPrompt } from "./prompt-words.js";
import { deriveWords } from "./words.js";

const NEUTRAL: ColourAnalysis = { swatches: [], themes: [], lightness: 50, chroma: 10 };

/** Boilerplate and syntax that no prompt may turn into a tag. */
const NEVER_A_TAG =
  /masterpiece|quality|detailed|absurdres|highres|lowres|^\d+(k|mm)?$|lora|embedding|easynegative|steps|sampler|seed|cfg|karras|euler|artstation|trending|bokeh|lighting|viewer|^solo$|girl$|^boy$|^score|^source|^rating|wallpaper|focus|^raw$|^style$|^art$|^photo$|^painting$/;

interface Case {
  name: string;
  prompt: string;
  /** Tags that must be there; the first must lead the list (the subjects come first). */
  tags: string[];
  /** Words of the negative prompt, artist credits and the like, which must not be tags. */
  absent?: string[];
  style?: string | null;
  title?: string;
}

/** Prompts as people write them, one convention after another, and what they must give. */
const CASES: Case[] = [
  // A1111 / Forge "parameters": prompt, "Negative prompt:", then the settings line.
  {
    name: "A1111: lighthouse, oil painting",
    prompt:
      "a lighthouse on a cliff above a stormy sea at night, oil painting, dramatic lighting\nNegative prompt: blurry, lowres, watermark, text, people\nSteps: 30, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 1234567, Size: 832x1216, Model: dreamshaper_8",
    tags: ["lighthouse", "cliff", "sea", "night", "ocean", "oil-painting"],
    absent: ["blurry", "watermark", "text", "people", "dreamshaper"],
    style: "oil painting",
    title: "Lighthouse on a Cliff",
  },
  {
    name: "A1111: weights, LoRA and embedding around a fox",
    prompt:
      "masterpiece, best quality, ultra detailed, 8k, (a red fox:1.3) sitting in a snowy forest, ((winter)), [pine trees], <lora:add_detail:0.6>, embedding:EasyNegative\nNegative prompt: (worst quality:1.4), (low quality:1.4), bad anatomy, extra limbs, deformed hands, cat, dog\nSteps: 28, Sampler: Euler a, CFG scale: 6.5, Seed: 3141592653, Size: 768x512, Model: realisticVisionV60B1",
    tags: ["fox", "forest", "winter", "pine-tree", "wildlife"],
    absent: ["anatomy", "limb", "hand", "cat", "dog", "add-detail", "detail"],
    title: "Red Fox Sitting in a Snowy Forest",
  },
  {
    name: "A1111: photographic portrait with camera jargon",
    prompt:
      "RAW photo, portrait of an old fisherman with a weathered face, grey beard, wool sweater, harbor in the background, 85mm, f/1.8, sharp focus, film grain, Kodak Portra 400\nNegative prompt: cartoon, painting, illustration, (deformed iris, deformed pupils:1.2), young, smiling, glasses\nSteps: 35, Sampler: DPM++ SDE Karras, CFG scale: 5, Seed: 998877, Size: 640x960, Model: epicrealism_naturalSinRC1VAE",
    tags: ["portrait", "fisherman", "face", "beard", "wool-sweater"],
    absent: ["cartoon", "iris", "pupil", "glasses", "kodak", "portra", "background", "85mm"],
    style: "photography",
    title: "Portrait of an Old Fisherman",
  },
  {
    name: "A1111: cyberpunk street",
    prompt:
      "cyberpunk city street at night, neon signs, rain, reflections on wet asphalt, flying cars, blade runner style, trending on artstation, octane render, 4k\nNegative prompt: daytime, sun, trees, grass, lowres\nSteps: 25, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 42, Size: 1024x576, Model: sdxl_base_1.0",
    tags: ["city-street", "night", "neon-sign", "rain", "reflection", "city"],
    absent: ["daytime", "sun", "tree", "grass", "runner", "forest", "nature"],
    title: "City Street at Night",
  },
  {
    name: "Forge: cabin in the mountains",
    prompt:
      "(masterpiece:1.2), best quality, highres, a cozy cabin in the mountains, autumn leaves, golden hour, lake reflection, <lora:landscape_v2:0.8>\nNegative prompt: people, car, snow, (blurry:1.3)\nSteps: 20, Sampler: DPM++ 2M, Schedule type: Karras, CFG scale: 7, Seed: 2024, Size: 1216x832, Model: juggernautXL_v9, Version: f2.0.1v1.10.1",
    tags: ["cabin", "mountain", "autumn", "leaf", "sunset", "nature"],
    absent: ["people", "car", "snow", "landscape-v2", "hour"],
    style: null,
    title: "Cozy Cabin in the Mountains",
  },
  {
    name: "A1111: watercolor hummingbird",
    prompt:
      "watercolor painting of a hummingbird feeding on hibiscus flowers, loose brushstrokes, white background, splashes\nNegative prompt: photo, realistic, 3d, dark\nSteps: 24, Sampler: Euler, CFG scale: 6, Seed: 55512, Size: 768x768, Model: dreamshaper_8",
    tags: ["hummingbird", "hibiscus-flower", "flowers", "wildlife", "watercolor"],
    absent: ["background", "dark", "photography", "white"],
    style: "watercolor",
  },
  {
    name: "A1111 with Pony score tags",
    prompt:
      "score_9, score_8_up, score_7_up, source_anime, 1girl, solo, long hair, silver hair, blue eyes, kimono, cherry blossoms, shrine, looking at viewer, smile, upper body, absurdres\nNegative prompt: score_4, score_5, worst quality, nsfw, bad hands, extra fingers\nSteps: 30, Sampler: Euler a, CFG scale: 7, Seed: 777, Size: 832x1216, Model: ponyDiffusionV6XL",
    tags: ["long-hair", "silver-hair", "blue-eyes", "kimono", "cherry-blossom"],
    absent: ["nsfw", "finger", "hand", "body", "upper-body"],
    title: "Kimono and Cherry Blossom",
  },
  {
    name: "A1111: castle with artist credits",
    prompt:
      "medieval castle on a hill, dragon flying overhead, fantasy art, epic composition, volumetric lighting, by greg rutkowski and alphonse mucha\nNegative prompt: modern buildings, cars, power lines\nSteps: 40, Sampler: DDIM, CFG scale: 8, Seed: 13579, Size: 1024x768, Model: revAnimated_v122",
    tags: ["castle", "hill", "dragon", "architecture", "fantasy"],
    absent: ["greg", "rutkowski", "mucha", "alphonse", "building", "car", "composition"],
    style: "fantasy art",
    title: "Medieval Castle on a Hill",
  },
  // ComfyUI, InvokeAI and other plain prompts.
  {
    name: "plain: watercolor fox",
    prompt: "a watercolor fox in a snowy forest",
    tags: ["fox", "forest", "wildlife", "watercolor"],
    style: "watercolor",
    title: "Fox in a Snowy Forest",
  },
  {
    name: "plain: astronaut on a horse",
    prompt: "an astronaut riding a horse on mars, photorealistic, highly detailed, cinematic",
    tags: ["astronaut", "horse", "mars"],
    absent: ["riding", "cinematic"],
    style: "photography",
    title: "Astronaut Riding a Horse",
  },
  {
    name: "plain: food photography",
    prompt:
      "a bowl of ramen with a soft boiled egg and green onions, steam rising, food photography, shallow depth of field",
    tags: ["bowl", "ramen", "egg", "onion", "steam"],
    absent: ["depth", "field", "rising"],
    style: "photography",
    title: "Bowl of Ramen",
  },
  {
    name: "plain: isometric 3D render",
    prompt:
      "isometric diorama of a tiny bakery, soft pastel colors, 3d render, blender, clay style",
    tags: ["diorama", "bakery", "3d-render"],
    absent: ["clay", "color", "blender"],
    style: "3d render",
  },
  {
    name: "plain: macro photograph with a camera name",
    prompt:
      "close-up macro photo of a dew covered spider web at dawn, bokeh, canon eos r5, 100mm macro lens",
    tags: ["dew", "spider-web", "dawn"],
    absent: ["canon", "eos", "macro", "lens", "len", "close"],
    style: "photography",
  },
  {
    name: "plain: wildlife photograph",
    prompt:
      "a majestic snow leopard resting on a rocky ledge, wildlife photography, national geographic, telephoto",
    tags: ["snow-leopard", "ledge", "wildlife", "nature"],
    absent: ["telephoto", "majestic"],
    style: "photography",
  },
  {
    name: "plain: cathedral interior",
    prompt:
      "gothic cathedral interior with stained glass windows, light rays, dust particles, architectural photography",
    tags: ["cathedral", "glass-window", "architecture"],
    absent: ["interior"],
    style: "photography",
  },
  {
    name: "plain: pixel art village",
    prompt: "pixel art of a small fishing village at sunset, 16-bit, retro game style",
    tags: ["village", "sunset", "pixel-art"],
    absent: ["game", "16-bit", "bit"],
    style: "pixel art",
    title: "Small Fishing Village at Sunset",
  },
  // NovelAI and booru tag lists.
  {
    name: "NovelAI: braces, brackets and numeric weights",
    prompt: "1girl, {{silver hair}}, [[blue eyes]], 1.2::cherry blossoms::, school uniform",
    tags: ["silver-hair", "blue-eyes", "cherry-blossom", "school-uniform"],
  },
  {
    name: "booru: office worker at night",
    prompt:
      "1boy, solo, short hair, black hair, glasses, white shirt, necktie, office, window, city lights, night, upper body, masterpiece, best quality, very aesthetic, absurdres",
    tags: ["short-hair", "black-hair", "glasses", "shirt", "necktie"],
    absent: ["aesthetic", "body"],
  },
  {
    name: "booru: scenery without people",
    prompt:
      "no humans, scenery, mountain, river, forest, clouds, sky, waterfall, sunlight, grass, landscape, highres",
    tags: ["mountain", "river", "forest", "cloud", "sky", "landscape", "nature"],
    absent: ["human", "scenery"],
  },
  {
    name: "booru: witches at halloween",
    prompt:
      "2girls, multiple girls, witch hat, broom, full moon, night sky, flying, halloween, pumpkin, bats, masterpiece",
    tags: ["witch-hat", "broom", "moon", "night", "sky"],
    absent: ["flying"],
  },
  {
    name: "booru: a sleeping cat",
    prompt:
      "cat, no humans, animal focus, sleeping, windowsill, sunlight, potted plant, indoors, cozy, best quality",
    tags: ["cat", "windowsill", "sunlight", "plant", "wildlife"],
    absent: ["human", "animal", "indoors", "sleeping"],
  },
  {
    name: "booru: artist tag and year",
    prompt:
      "artist:wlop, 1girl, armor, sword, knight, castle, banner, wind, dramatic, year 2023, newest",
    tags: ["armor", "sword", "knight", "castle", "banner"],
    absent: ["wlop", "year", "newest", "dramatic"],
  },
  // Plain sentences: DALL-E, Flux, Midjourney.
  {
    name: "sentence: bicycle in Havana",
    prompt:
      "A photograph of a red vintage bicycle leaning against a yellow wall in Havana, warm afternoon light.",
    tags: ["bicycle", "wall", "havana"],
    absent: ["light", "warm"],
    style: "photography",
  },
  {
    name: "sentence: still life in the style of an old master",
    prompt:
      "An oil painting of a still life with lemons, a copper pot and a white pitcher on a wooden table, in the style of Chardin.",
    tags: ["still-life", "lemon", "copper-pot", "pitcher", "table", "oil-painting"],
    absent: ["chardin"],
    style: "oil painting",
    title: "Still Life with Lemons",
  },
  {
    name: "Midjourney: parameters and --no",
    prompt:
      "A tiny mouse reading a book by candlelight inside a hollow tree, children's book illustration --ar 3:2 --v 6 --no text, watermark",
    tags: ["mouse", "book", "candlelight", "tree"],
    absent: ["text", "watermark", "ar"],
    style: "illustration",
    title: "Tiny Mouse Reading a Book",
  },
  {
    name: "sentence: aerial river",
    prompt: "Aerial view of a winding river cutting through an autumn forest, drone shot, 8k.",
    tags: ["river", "autumn", "forest", "nature"],
    absent: ["drone", "view", "aerial"],
  },
  {
    name: "sentence: minimalist poster",
    prompt:
      "A minimalist poster of a lone tree on a hill under a huge moon, flat colors, vector art",
    tags: ["tree", "hill", "moon", "night"],
    absent: ["poster", "vector", "color"],
    style: "minimalist",
    title: "Lone Tree on a Hill",
  },
  {
    name: "sentence: portrait shot on a named camera",
    prompt:
      "Portrait of a young woman with freckles and red hair, soft window light, shot on Fujifilm X-T4, 35mm.",
    tags: ["portrait", "woman", "freckle", "red-hair"],
    absent: ["fujifilm", "x-t4", "35mm", "soft"],
    style: "photography",
    title: "Portrait of a Young Woman",
  },
  // Weight- and LoRA-heavy prompts.
  {
    name: "weights: nested parentheses and two LoRAs",
    prompt:
      "(((masterpiece))), (best quality:1.4), <lora:koreanDollLikeness:0.4>, <lora:more_details:0.5>, (beautiful woman:1.2), (long black hair:1.1), (red dress:1.3), city street, evening, bokeh, (photorealistic:1.4)",
    tags: ["woman", "black-hair", "dress", "city-street", "evening"],
    absent: ["korean", "doll", "likeness", "beautiful", "1-4"],
  },
  {
    name: "weights: abstract with a LyCORIS",
    prompt:
      "[[abstract]], ((geometric shapes)), (vibrant colors:1.2), bauhaus poster, circles and triangles, <lyco:flatcolor:0.7>, embedding:bad-hands-5",
    tags: ["circle", "triangle", "abstract"],
    absent: ["flatcolor", "hand", "lyco"],
  },
  {
    name: "weights: koi with BREAK",
    prompt:
      "{{{a koi fish}}} swimming in a pond with lotus flowers, (ink wash painting:1.2), [splashes:0.5], BREAK traditional chinese painting, embedding:negative_hand-neg",
    tags: ["koi-fish", "pond", "lotus-flower", "wildlife"],
    absent: ["negative", "neg", "hand"],
    title: "Koi Fish Swimming in a Pond",
  },
  {
    name: "weights: ruined temple with AND",
    prompt:
      "a (ruined temple:1.2) in the jungle, overgrown with vines, (god rays:1.1), mist, <lora:ancient_ruins:0.9> AND moss covered stones, ultra detailed, unreal engine 5",
    tags: ["temple", "jungle", "vine", "mist", "architecture", "nature"],
    absent: ["ray", "engine", "ancient-ruin"],
    title: "Ruined Temple in the Jungle",
  },
];

describe("tags, style and title from real-world prompts", () => {
  it("has at least 30 prompts", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CASES)("$name", ({ prompt, tags, absent = [], style, title }) => {
    const words = deriveWords({ prompt, colours: NEUTRAL, width: 832, height: 1216 });
    expect(words.tags).toEqual(expect.arrayContaining(tags));
    expect(words.tags[0], "the subject leads").toBe(tags[0]);
    expect(words.tags.at(-1)).toBe("vertical");
    for (const tag of words.tags) expect(tag, "boilerplate or syntax").not.toMatch(NEVER_A_TAG);
    for (const word of absent) {
      expect(
        words.tags.filter((tag) => tag.split("-").includes(word) || tag === word),
        word,
      ).toEqual([]);
    }
    if (style !== undefined) expect(words.style).toBe(style);
    if (title !== undefined) expect(words.title).toBe(title);
    expect(words.sources.tags).toBe("prompt");
  });
});

describe("the negative prompt", () => {
  it("is cut off wherever it is left in the prompt", () => {
    expect(positivePrompt("a cat\nNegative prompt: dog, bird\nSteps: 20, Seed: 1")).toBe("a cat");
    expect(positivePrompt("a cat\nSteps: 20, Sampler: Euler")).toBe("a cat");
    expect(positivePrompt("a cat on a sofa --ar 3:2 --no dogs, birds")).toBe(
      "a cat on a sofa --ar 3:2",
    );
    expect(positivePrompt("a negative prompt on a poster")).toBe("a negative prompt on a poster");
  });

  it("never gives a tag, a title or the description", () => {
    const words = deriveWords({
      prompt: "Negative prompt: a dog in a park\nSteps: 20",
      colours: NEUTRAL,
      width: 100,
      height: 100,
    });
    expect(words.tags).toEqual(["square"]);
    expect(words.title).toBeNull();
    expect(words.description ?? "").not.toMatch(/dog/);
  });
});

describe("readPrompt", () => {
  it("keeps subjects first in deriveWords, ahead of a busy colour analysis, within 12 tags", () => {
    const busy: ColourAnalysis = {
      swatches: (["red", "orange", "yellow", "green", "blue"] as const).map((name) => ({
        hex: "000000",
        share: 0.2,
        name,
      })),
      themes: ["vibrant", "dark"],
      lightness: 40,
      chroma: 60,
    };
    const words = deriveWords({
      prompt:
        "a fox, an owl, a deer, a hare and a badger in a forest clearing by a river at sunset, watercolor, oil painting, digital art",
      colours: busy,
      width: 1600,
      height: 900,
    });
    expect(words.tags.length).toBeLessThanOrEqual(12);
    expect(words.tags.slice(0, 5)).toEqual(["fox", "owl", "deer", "hare", "badger"]);
    expect(words.tags).toEqual(expect.arrayContaining(["vibrant", "dark", "horizontal"]));
    expect(words.style).toBe("watercolor, oil painting");
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["only boilerplate", "masterpiece, best quality, 8k, absurdres, highres"],
    ["Japanese", "東京の夜景"],
    ["only syntax", "<lora:x:1> embedding:y (((:1.2))) [[]] {{}} ::"],
    ["one 30,000-letter word", "a".repeat(30_000)],
    ["5,000 words without a comma", "dog ".repeat(5_000)],
    ["5,000 commas and words", "dog, cat, ".repeat(2_500)],
  ])("reads %s without failing, inventing nothing", (_, prompt) => {
    const words = readPrompt(prompt);
    expect(words.subjects.every((tag) => /^[\p{L}\p{N}-]+$/u.test(tag))).toBe(true);
    expect(words.subjects.length).toBeLessThanOrEqual(64);
  });

  it("gives a non-English prompt no tags rather than wrong ones", () => {
    expect(readPrompt("東京の夜景, ネオン").subjects).toEqual([]);
  });

  it("reads no words from code pasted into a prompt, and keeps the words of other markup", () => {
    const pasted = readPrompt(
      "<script>alert('xss')</script><style>.cookie { color: red }</style><!-- banner -->a lighthouse on a cliff",
    );
    expect(pasted.subjects).toEqual(["lighthouse", "cliff"]);
    expect(pasted.title).toBe("lighthouse on a cliff");
    expect(
      readPrompt('<script>fetch("https://evil.example/steal")</script> castle').subjects,
    ).toEqual(["castle"]);
    expect(readPrompt("a <b>red fox</b> asleep").subjects).toContain("fox");
    // Nothing but code: no tag and no title from it.
    expect(readPrompt('<script>alert("hacked")</script>')).toMatchObject({ subjects: [] });
    expect(readPrompt('<script>alert("hacked")</script>').title).toBeUndefined();
    // An unclosed script hides the rest of the prompt, not the words before it.
    expect(readPrompt("a red fox in the snow <script>window.location").subjects).toEqual([
      "fox",
      "snow",
    ]);
  });
});
