export declare function templateFile(dir: string): string;
export declare function writeTemplate(file: string): Promise<void>;
export declare function unpackTemplate(file: string, dataDir: string): Promise<void>;
