/**
 * Reading barcodes from the camera (spec section 9: EAN_8, EAN_13, CODE_128, CODE_39, CODE_93, CODABAR,
 * UPC_A, UPC_E; decision 057). The browser's BarcodeDetector where it has one that reads these formats;
 * otherwise the `barcode-detector` ponyfill (ZXing-C++ in WebAssembly). Both are loaded only when a camera
 * opens; the .wasm is one of our own built files (never fetched from a CDN), so scanning works offline once
 * the app has loaded it.
 */
export const SCAN_FORMATS = [
  'ean_8',
  'ean_13',
  'code_128',
  'code_39',
  'code_93',
  'codabar',
  'upc_a',
  'upc_e',
] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];

export interface Detector {
  detect(source: ImageBitmapSource): Promise<Array<{ rawValue: string; format: string }>>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

let polyfill: Promise<NativeDetectorClass> | null = null;

function loadPolyfill(): Promise<NativeDetectorClass> {
  polyfill ??= Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]).then(async ([{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }]) => {
    // our own copy of the .wasm, instantiated now: a failure shows when the camera opens, not at the first frame
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
      },
      fireImmediately: true,
    });
    return BarcodeDetector as unknown as NativeDetectorClass;
  });
  polyfill.catch(() => {
    polyfill = null;
  });
  return polyfill;
}

/** A detector for these formats: the browser's when it reads them all, the ponyfill otherwise. */
export async function createDetector(formats: readonly ScanFormat[] = SCAN_FORMATS): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    try {
      const supported = await native.getSupportedFormats();
      if (formats.every((f) => supported.includes(f))) return new native({ formats: [...formats] });
    } catch {
      /* a broken native detector: the ponyfill reads instead */
    }
  }
  const Ponyfill = await loadPolyfill();
  return new Ponyfill({ formats: [...formats] });
}
