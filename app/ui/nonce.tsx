import { createContext, useContext } from "react";

// The per-request CSP nonce for Remix's inline scripts. The server sets it; browsers hide nonce
// values from scripts, so on the client it is empty (and React does not compare it).
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
