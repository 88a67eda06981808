// What a screen hands to the browser's downloads (api-client's saveFile: an object URL, a link clicked).

/** The link a download clicks, and the files it was given. */
export function captureDownloads() {
  const files: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:export';
    }),
    revokeObjectURL: jest.fn(),
  });
  const names: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { files, names };
}
