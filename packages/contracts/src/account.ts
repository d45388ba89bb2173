/** Contracts of the account feature (schemas, types, constants shared by server and web). */
export {};
