/** Contracts of the sign-in feature (schemas, types, constants shared by server and web). */
export {};
