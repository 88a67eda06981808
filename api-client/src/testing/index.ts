// `@halcyon/api-client/testing`: test-only helpers (never imported by app code).
export { fail, malformed, networkError, ok, stubHttp, type HttpStub, type RecordedRequest, type StubHandler, type StubReply } from './http-stub';
