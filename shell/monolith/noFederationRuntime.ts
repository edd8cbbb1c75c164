// The monolith build has no remotes: nothing to provide (see webpack.monolith.ts).
export {};
