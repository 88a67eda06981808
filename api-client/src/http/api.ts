import type { EndpointName } from '../contract/endpoints';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf } from '../contract/routes';
import { endpoints } from '../contract/endpoints';
import { call, type CallOptions, type RawInput } from './http';

/** A part the contract has; optional when the schema accepts undefined (an admin decision's body). */
type Part<T, K extends string> = [T] extends [never] ? unknown : undefined extends T ? { [P in K]?: T } : { [P in K]: T };
type MultipartPart<N extends EndpointName> = (typeof endpoints)[N] extends { multipart: true } ? { file: Blob; filename?: string } : unknown;

/** What one call takes: its path params, query, JSON body or file, as the contract says. */
export type InputOf<N extends EndpointName> = Part<ParamsOf<N>, 'params'> &
  ([QueryOf<N>] extends [never] ? unknown : { query?: QueryOf<N> }) &
  Part<BodyOf<N>, 'body'> &
  MultipartPart<N>;

type NeedsInput<N extends EndpointName> = object extends InputOf<N> ? false : true;

export type ApiFunction<N extends EndpointName> = NeedsInput<N> extends true
  ? (input: InputOf<N>, options?: CallOptions) => Promise<ResponseOf<N>>
  : (input?: InputOf<N>, options?: CallOptions) => Promise<ResponseOf<N>>;

/** One typed function per call of spec section 7, e.g. `api.createDeposit({ body })`. */
export type Api = { [N in EndpointName]: ApiFunction<N> };

export const api = Object.fromEntries(
  (Object.keys(endpoints) as EndpointName[]).map((name) => [name, (input?: RawInput, options?: CallOptions) => call(name, input, options)]),
) as unknown as Api;
