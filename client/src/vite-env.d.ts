/// <reference types="vite/client" />

// Declaration merging with Vite's ImportMetaEnv needs an interface here.
interface ImportMetaEnv {
  /** Origin of the API when the client is hosted elsewhere; unset means the same origin. */
  readonly VITE_API_URL?: string;
}
