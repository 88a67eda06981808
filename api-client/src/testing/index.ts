// `@halcyon/api-client/testing`: test-only helpers (never imported by app code).
export { csv, fail, malformed, networkError, ok, page, stubHttp, type HttpStub, type RecordedRequest, type StubHandler, type StubReply } from './http-stub';
