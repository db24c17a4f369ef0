/** A flow file imported through the flows Vite plugin is its compiled flow. */
declare module '*.yaml' {
  const flow: import('../compile/compiled-flow.ts').CompiledFlow;
  export default flow;
}
declare module '*.yaml?split' {
  const flow: import('../compile/compiled-flow.ts').CompiledFlow;
  export default flow;
}
