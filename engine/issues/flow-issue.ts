/** Every problem the flow compiler can report; wording lives in ./messages.ts. */
export type FlowIssueCode =
  | 'yaml_syntax'
  | 'invalid_type'
  | 'invalid_value'
  | 'invalid_format'
  | 'too_small'
  | 'unknown_key'
  | 'missing_key'
  | 'unknown_kind'
  | 'invalid_rule'
  | 'unknown_operator'
  | 'unknown_field'
  | 'unknown_option_value'
  | 'unknown_context_value'
  | 'duplicate_step_name'
  | 'duplicate_route'
  | 'duplicate_option'
  | 'unknown_section'
  | 'unknown_step'
  | 'unknown_option_set'
  | 'unknown_variant'
  | 'unknown_variant_option'
  | 'unknown_function'
  | 'unreachable_step'
  | 'exclusive_in_single'
  | 'missing_field'
  | 'conflicting_field'
  | 'include_not_found'
  | 'not_a_fragment'
  | 'repeated_step'
  | 'kind_not_for_flow';

/** Facts about one problem; `path` is where in the YAML document it is. */
export interface IssueData {
  /** What was written. */
  found?: string;
  /** What would have been accepted. */
  expected?: string[];
  /** A close candidate, for "Did you mean". */
  suggestion?: string;
  /** Extra facts the message uses (step name, field, ...). */
  [key: string]: string | string[] | number | undefined;
}

/** A problem before it is placed in a file. */
export interface RawIssue {
  code: FlowIssueCode;
  path: (string | number)[];
  /** Point at the key of the last path segment rather than its value. */
  atKey?: boolean;
  data: IssueData;
  /** The document the path belongs to, when the flow includes other files. */
  file?: string;
}

/** Where a problem is: 1-based line and column, and how many characters to underline. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
  length: number;
}

/** A problem placed in its file. */
export interface FlowIssue {
  code: FlowIssueCode;
  location: SourceLocation;
  data: IssueData;
  severity: 'error';
}
