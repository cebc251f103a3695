export * from "./constants.js";
export * from "./messages.js";
export * from "./schemas/auth.js";
export * from "./schemas/error.js";
export * from "./schemas/hero.js";
export * from "./schemas/images.js";
export * from "./schemas/tags.js";
export * from "./text.js";
