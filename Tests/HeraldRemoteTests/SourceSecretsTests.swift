import HeraldCore
import HeraldLoaders
@testable import HeraldRemote
import Testing

private func spec(_ url: String, headers: [String: String] = [:]) -> SourceSpec {
    var spec = SourceSpec(path: url)
    spec.remote.headers = headers
    return spec
}

@Test func variablesAreExpandedForRequestsAndPutBackWhereverAURLIsKept() throws {
    let secrets = try SourceSecrets(
        spec("https://api.example.org/heroes?key=${KEY}", headers: ["X-Api-Key": "${TOKEN}"]),
        environment: ["KEY": "k/1 2", "TOKEN": "t0ken", "OTHER": "unused"])
    #expect(secrets.headers.map(\.1) == ["t0ken"])
    #expect(secrets.expand("https://api.example.org/heroes?key=${KEY}") == "https://api.example.org/heroes?key=k/1 2")
    #expect(
        secrets.redact("https://api.example.org/heroes?page=2&key=k%2F1%202")
            == "https://api.example.org/heroes?page=2&key=${KEY}")
    #expect(secrets.redact("t0ken and k/1 2") == "${TOKEN} and ${KEY}")
    #expect(secrets.redact("unused") == "unused")
}

@Test func anUnsetVariableIsNamedAndItsPlaceNeverFilled() {
    #expect(throws: DiagnosticError.self) {
        try SourceSecrets(spec("https://api.example.org/?key=${MISSING}"), environment: [:])
    }
    do {
        _ = try SourceSecrets(
            spec("https://api.example.org/", headers: ["Authorization": "Bearer ${NOPE}"]), environment: [:])
    } catch {
        #expect(
            error.diagnostics.map(\.message) == [
                "header 'Authorization' uses the environment variable NOPE, which is not set"
            ])
    }
}
