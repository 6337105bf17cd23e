internal import CFFmpeg

/// An `AVDictionary` of options owned by this object: filled from `EncoderOption`s,
/// handed to an FFmpeg open call, and freed in `deinit`.
final class FFmpegOptions {
    var dictionary: OpaquePointer? = nil

    init(_ options: [EncoderOption]) {
        for option in options { av_dict_set(&dictionary, option.key, option.value, 0) }
    }

    deinit { av_dict_free(&dictionary) }

    /// The keys FFmpeg left in the dictionary: options nobody recognised.
    var unusedKeys: [String] {
        var keys: [String] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            keys.append(String(cString: next.pointee.key))
            entry = next
        }
        return keys
    }
}
