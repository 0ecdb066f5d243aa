import Foundation
@testable import HeraldDeploy
import Testing

// AWS Signature Version 4 against the worked example of the S3 documentation ("Example: GET
// Object": the first ten bytes of test.txt in examplebucket, signed on 2013-05-24).

private let example = S3Credentials(
    accessKeyID: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
private let emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
private let exampleDate = Date(timeIntervalSince1970: 1_369_353_600)

private var getObject: SigV4.Request {
    SigV4.Request(
        method: "GET", path: "/test.txt",
        headers: ["Host": "examplebucket.s3.amazonaws.com", "Range": "bytes=0-9"], payloadHash: emptyHash)
}

@Test func theCanonicalRequestIsTheSpecificationsExample() {
    var request = getObject
    request.headers["x-amz-content-sha256"] = emptyHash
    request.headers["x-amz-date"] = "20130524T000000Z"
    let (canonical, signed) = SigV4.canonicalRequest(request)
    #expect(
        canonical == """
            GET
            /test.txt

            host:examplebucket.s3.amazonaws.com
            range:bytes=0-9
            x-amz-content-sha256:\(emptyHash)
            x-amz-date:20130524T000000Z

            host;range;x-amz-content-sha256;x-amz-date
            \(emptyHash)
            """)
    #expect(signed == "host;range;x-amz-content-sha256;x-amz-date")
}

@Test func theSignatureIsTheSpecificationsExample() {
    let headers = SigV4(credentials: example, region: "us-east-1").sign(getObject, at: exampleDate)
    #expect(headers["x-amz-date"] == "20130524T000000Z")
    #expect(
        headers["Authorization"]
            == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
            + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
            + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
    #expect(!headers.values.contains { $0.contains(example.secretAccessKey) })
}

@Test func aSessionTokenIsSignedAndTheSecretNeverShown() {
    var credentials = example
    credentials.sessionToken = "TOKEN-VALUE"
    let headers = SigV4(credentials: credentials, region: "us-east-1").sign(getObject, at: exampleDate)
    #expect(headers["x-amz-security-token"] == "TOKEN-VALUE")
    #expect(headers["Authorization"]?.contains("x-amz-security-token") == true)
    #expect("\(credentials)" == "AWS credentials AKIAIOSFODNN7EXAMPLE")
    #expect(credentials.hiding("key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY and TOKEN-VALUE") == "key *** and ***")
}

@Test func keysAndQueriesAreEncodedAsTheSpecificationSays() {
    #expect(SigV4.encode("heroes/a b/ü~.html", keepSlash: true) == "heroes/a%20b/%C3%BC~.html")
    #expect(SigV4.encode("a/b+c=d") == "a%2Fb%2Bc%3Dd")
    let request = SigV4.Request(
        method: "GET", path: "/", query: [("prefix", "J"), ("max-keys", "2")],
        headers: ["Host": "h"], payloadHash: emptyHash)
    #expect(SigV4.canonicalRequest(request).0.split(separator: "\n")[2] == "max-keys=2&prefix=J")
}
