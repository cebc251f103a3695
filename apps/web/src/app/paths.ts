/** Every route of the app lives in the shared package: the server answers 404 for the rest. */
export { paths } from "@sawdust/shared";
