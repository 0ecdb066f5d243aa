/// AWS credentials, taken from the environment only (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`,
/// `AWS_SESSION_TOKEN`); the secret and the token are never shown anywhere.
struct S3Credentials: Sendable, CustomStringConvertible {
    var accessKeyID: String
    var secretAccessKey: String
    var sessionToken: String?

    /// nil when a variable is missing.
    init?(environment: [String: String]) {
        guard let id = environment["AWS_ACCESS_KEY_ID"], !id.isEmpty,
            let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty
        else { return nil }
        accessKeyID = id
        secretAccessKey = secret
        sessionToken = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// Whatever prints these shows the key's name only.
    var description: String { "AWS credentials \(accessKeyID)" }

    /// `text` with the secret and the token put out of sight, for anything a server said.
    func hiding(_ text: String) -> String {
        var text = text
        for secret in [secretAccessKey, sessionToken].compactMap({ $0 }) where secret.count >= 4 {
            text = text.replacingOccurrences(of: secret, with: "***")
        }
        return text
    }
}
