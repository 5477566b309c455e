import Foundation

/// `storageStatisticsFast`, reduced to what the media cache shows: the files TDLib keeps.
public struct StorageStatisticsFast: Decodable, Sendable, Equatable {
    /// Approximate total size of the downloaded and uploaded files, in bytes.
    public var filesSize: Int64
    public var fileCount: Int32

    public init(filesSize: Int64, fileCount: Int32) {
        self.filesSize = filesSize
        self.fileCount = fileCount
    }

    private enum CodingKeys: String, CodingKey {
        case filesSize = "files_size"
        case fileCount = "file_count"
    }
}

/// `storageStatistics`, reduced to its totals (the answer of `optimizeStorage`).
public struct StorageStatistics: Decodable, Sendable, Equatable {
    /// Bytes of the files left.
    public var size: Int64
    /// How many files are left.
    public var count: Int32
}

extension TDFunctions {
    /// `getStorageStatisticsFast`: how much TDLib's files take, approximately and at once.
    public struct GetStorageStatisticsFast: TDFunction {
        public typealias Result = StorageStatisticsFast
        public static let typeName = "getStorageStatisticsFast"
        public init() {}
    }

    /// `optimizeStorage`: deletes files until at most `size` bytes are left, least recently
    /// used first. `ttl` 0 and `immunityDelay` 0 with `size` 0 delete every file of the given
    /// types (thumbnails, profile photos and stickers are kept unless named in `fileTypes`).
    public struct OptimizeStorage: TDFunction {
        public typealias Result = StorageStatistics
        public static let typeName = "optimizeStorage"
        public var size: Int64
        public var ttl: Int32
        public var count: Int32
        public var immunityDelay: Int32
        /// `FileType` names (`fileTypePhoto` …); empty: TDLib's default set.
        public var fileTypes: [String]
        /// Chats whose files are kept whatever the limits.
        public var excludeChatIDs: [Int64]

        public init(size: Int64, ttl: Int32 = -1, count: Int32 = -1, immunityDelay: Int32 = -1, fileTypes: [String] = [], excludeChatIDs: [Int64] = []) {
            self.size = size
            self.ttl = ttl
            self.count = count
            self.immunityDelay = immunityDelay
            self.fileTypes = fileTypes
            self.excludeChatIDs = excludeChatIDs
        }

        enum CodingKeys: String, CodingKey {
            case size, ttl, count
            case immunityDelay = "immunity_delay"
            case fileTypes = "file_types"
            case chatIDs = "chat_ids"
            case excludeChatIDs = "exclude_chat_ids"
            case returnDeletedFileStatistics = "return_deleted_file_statistics"
            case chatLimit = "chat_limit"
        }

        private enum TypeKeys: String, CodingKey { case type = "@type" }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(size, forKey: .size)
            try c.encode(ttl, forKey: .ttl)
            try c.encode(count, forKey: .count)
            try c.encode(immunityDelay, forKey: .immunityDelay)
            var types = c.nestedUnkeyedContainer(forKey: .fileTypes)
            for name in fileTypes {
                var type = types.nestedContainer(keyedBy: TypeKeys.self)
                try type.encode(name, forKey: .type)
            }
            try c.encode([Int64](), forKey: .chatIDs)
            try c.encode(excludeChatIDs, forKey: .excludeChatIDs)
            try c.encode(false, forKey: .returnDeletedFileStatistics)
            try c.encode(Int32(0), forKey: .chatLimit)
        }
    }
}

/// `fileDownloadedPrefixSize`: the bytes of a file ready from an offset on.
public struct FileDownloadedPrefixSize: Decodable, Sendable, Equatable {
    public var size: Int64

    public init(size: Int64) {
        self.size = size
    }
}
